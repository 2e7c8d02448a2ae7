import type { LintRuntime } from './runtimes.js';

/** The six keys of the Agent Skills spec; `skills-ref validate` rejects any other (runtimes.md §1.3). */
export const SPEC_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
] as const;

/** Keys Claude Code honours in a skill's front matter (runtimes.md §2.2). */
export const CLAUDE_CODE_KEYS = [
  ...SPEC_KEYS,
  'when_to_use',
  'argument-hint',
  'arguments',
  'disable-model-invocation',
  'user-invocable',
  'disallowed-tools',
  'model',
  'effort',
  'context',
  'agent',
  'background',
  'hooks',
  'paths',
  'shell',
] as const;

/**
 * Keys Codex's own validator accepts (`skill-creator/scripts/quick_validate.py`, bundled with Codex 0.169.0);
 * its loader reads `name`, `description` and `metadata` and ignores the rest.
 */
export const CODEX_KEYS = ['name', 'description', 'license', 'allowed-tools', 'metadata'] as const;

/** Keys OpenCode reads; it ignores every other key, `allowed-tools` included (runtimes.md §4.1). */
export const OPENCODE_KEYS = ['name', 'description', 'license', 'compatibility', 'metadata'] as const;

/** Keys only a skillpack skill source has; `build` turns them into per-runtime front matter. */
export const SOURCE_ONLY_KEYS = ['contracts', 'claude-code', 'codex', 'opencode'] as const;

/** Keys of a source's `codex:` section that `build` writes to `agents/openai.yaml`, not to SKILL.md. */
export const CODEX_SIDECAR_KEYS = ['interface', 'policy', 'dependencies'] as const;

export const RECOGNISED_KEYS: Readonly<Record<LintRuntime, readonly string[]>> = {
  'claude-code': CLAUDE_CODE_KEYS,
  codex: CODEX_KEYS,
  opencode: OPENCODE_KEYS,
  portable: SPEC_KEYS,
};
