import type { RuntimeId } from '@skillpack/adapters';
import type { LintRuleId } from './rules/rule-ids.js';
import type { Severity } from './runtimes.js';

/** How much each lint rule matters to one runtime's loader, `off` where the rule does not concern it. */
export type LintSeverities = Readonly<Record<LintRuleId, Severity | 'off'>>;

/** What lint reads of one runtime's declaration (its `lint`): where it loads skills from, and how. */
export interface LintDeclaration {
  /** The skill folders the runtime loads skills from (path segments); lint scopes findings by them. */
  readonly discoveryFolders: readonly (readonly string[])[];
  /** The front-matter keys the runtime reads in SKILL.md. */
  readonly recognisedKeys: readonly string[];
  /** Keys of its source section that `build` writes elsewhere than SKILL.md (Codex's `agents/openai.yaml`). */
  readonly sidecarKeys: readonly string[];
  /**
   * The variables its loader expands to the skill's folder in a SKILL.md body (`CLAUDE_SKILL_DIR`): a path
   * that starts with one (`$VAR/` or `${VAR}/`) is relative to the skill folder.
   */
  readonly skillFolderVariables: readonly string[];
  /** Its plugin manifest below a plugin root, when it has plugins that hold `skills/`. */
  readonly pluginManifest: readonly string[] | undefined;
  /** How much each lint rule matters to its loader (`lint-severity.ts` of its folder). */
  readonly severity: LintSeverities;
}

/** Every runtime's lint declaration, by id: what the lint engine is given instead of the registry. */
export type LintDeclarations = Readonly<Record<RuntimeId, LintDeclaration>>;
