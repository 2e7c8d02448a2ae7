import { z } from 'zod';
import type { LockRecord } from '../../install/install-step.js';

/**
 * The `[plugins."<id>"]` table install added to the user scope's `.codex/config.toml` to enable the pack's
 * Codex plugin (runtimes/codex/plugin-step.ts): the id, the bytes put before it, and whether install created the file.
 */
export const LockedCodexPluginSchema = z.strictObject({
  file: z.literal('.codex/config.toml'),
  id: z.string().regex(/^[A-Za-z0-9._-]+@[A-Za-z0-9._-]+$/, 'must be <plugin>@<marketplace>'),
  prefix: z.enum(['', '\n', '\n\n']),
  createdFile: z.boolean(),
});
/** The plugin table install added to Codex's config.toml, as the lock records it. */
export type LockedCodexPlugin = z.output<typeof LockedCodexPluginSchema>;

/** Its record in a lock entry (`codexPlugin`): only user-scope installs enable a plugin. */
export const CODEX_PLUGIN_RECORD: LockRecord<LockedCodexPlugin> = {
  key: 'codexPlugin',
  schema: LockedCodexPluginSchema,
  scopes: ['user'],
  what: 'a Codex plugin table',
};
