import { z } from 'zod';
import type { LockRecord } from '../../install/install-step.js';
import { INSTALL_SCOPES } from '../../install/layout.js';

/** The plugin form's declaration and enabling in `.claude/settings.json` (runtimes/claude-code/plugin.ts), made by `--activate`. */
export const LockedClaudePluginSchema = z.strictObject({
  file: z.literal('.claude/settings.json'),
  createdFile: z.boolean(),
  marketplace: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  plugin: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  added: z.strictObject({
    marketplace: z.boolean(),
    enabled: z.boolean(),
    createdObjects: z.array(z.enum(['extraKnownMarketplaces', 'enabledPlugins'])),
  }),
});
export type LockedClaudePlugin = z.output<typeof LockedClaudePluginSchema>;

/** Its record in a lock entry (`claudePlugin`), in either scope. */
export const CLAUDE_PLUGIN_RECORD: LockRecord<LockedClaudePlugin> = {
  key: 'claudePlugin',
  schema: LockedClaudePluginSchema,
  scopes: INSTALL_SCOPES,
  what: 'a Claude Code plugin',
};
