import type { ContractRegistry, Result, SkillpackError } from '@skillpack/core';
import type { LintFinding, LintRule } from '../lint/finding.js';
import { lintSkillDocument } from '../lint/lint-skill.js';
import { lintRules } from '../lint/rules/index.js';
import { type LintReport, lintPaths } from '../lint/run-lint.js';
import type { LintRuntime } from '../lint/runtimes.js';
import { parseSkillDocument, type SkillFileInput } from '../lint/skill-document.js';
import { perRuntime } from './registry.js';

/** What each runtime's declaration tells lint: the severity of every rule, its keys and skill folders. */
const LINT_DECLARATIONS = perRuntime((runtime) => runtime.lint);

/** Every lint rule, in report order within a line. */
export const LINT_RULES: readonly LintRule[] = lintRules(LINT_DECLARATIONS);

/** Lint one skill file for the given runtimes. Pure: the caller reads the bytes and lists the folder. */
export function lintSkillFile(
  input: SkillFileInput,
  runtimes: readonly LintRuntime[],
  rules: readonly LintRule[] = LINT_RULES,
): LintFinding[] {
  return lintSkillDocument(parseSkillDocument(input), runtimes, rules);
}

/** Find, read and lint every skill file under `paths` for the requested runtimes. */
export function runLint(options: {
  readonly paths: readonly string[];
  readonly runtimes: readonly LintRuntime[];
  readonly cwd: string;
  /** The pack's contracts: with them, skill sources that speak an unregistered contract are findings. */
  readonly registry?: ContractRegistry;
  /**
   * The pack's contracts, loaded only when a skill source is among the files (they check sources alone): so
   * linting built packs and installed skills runs no contract module.
   */
  readonly loadRegistry?: () => Promise<ContractRegistry>;
}): Promise<Result<LintReport, SkillpackError>> {
  return lintPaths(options, LINT_DECLARATIONS);
}
