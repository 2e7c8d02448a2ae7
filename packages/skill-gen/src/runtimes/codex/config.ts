import { z } from 'zod';

export const CODEX_INSTALLATION_POLICIES = ['AVAILABLE', 'INSTALLED_BY_DEFAULT', 'NOT_AVAILABLE'] as const;

/** Its section of `skillpack.config.json`: the plugin's interface and marketplace policy. */
export const CodexConfigSchema = z
  .strictObject({
    category: z.string().min(1).max(64).default('Productivity'),
    installation: z.enum(CODEX_INSTALLATION_POLICIES).default('AVAILABLE'),
    authentication: z
      .string()
      .regex(/^[A-Z][A-Z_]{0,63}$/)
      .default('ON_INSTALL'),
    displayName: z.string().min(1).max(128).optional(),
    pluginOnly: z.boolean().optional().meta({
      description:
        "Its skills are selected only explicitly under the plugin's namespace ($<pack>:<skill>), never as a bare $<skill>: the build writes no standalone .agents/skills/ form, and install installs the plugin (user scope) and refuses the standalone skills.",
    }),
  })
  .default({ category: 'Productivity', installation: 'AVAILABLE', authentication: 'ON_INSTALL' })
  .meta({ description: 'Codex plugin interface and marketplace policy.' });
