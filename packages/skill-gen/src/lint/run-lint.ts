import { type ContractRegistry, ok, type Result, type SkillpackError } from '@skillpack/core';
import { collectSkillFiles, type RefusedSkillPath } from './collect.js';
import { type LintFinding, toLintRule } from './finding.js';
import type { LintDeclarations } from './lint-declaration.js';
import { lintSkillDocument } from './lint-skill.js';
import { contractUnknown } from './rules/contracts.js';
import { lintRules } from './rules/index.js';
import type { LintRuntime, Severity } from './runtimes.js';
import { parseSkillDocument, type SkillFileKind } from './skill-document.js';

export interface LintedFile {
  readonly file: string;
  readonly kind: SkillFileKind;
  /** The runtimes checked: the requested ones that load a skill from this location. */
  readonly runtimes: readonly LintRuntime[];
}

/** What `runLint` found: the runtimes checked, the files linted, every finding, and a count per severity. */
export interface LintReport {
  readonly runtimes: readonly LintRuntime[];
  readonly files: readonly LintedFile[];
  readonly findings: readonly LintFinding[];
  readonly summary: Readonly<Record<Severity, number>> & { readonly files: number };
}

const REFUSALS: Readonly<
  Record<RefusedSkillPath['reason'], Pick<LintFinding, 'rule' | 'severity' | 'message' | 'fix'>>
> = {
  symlink: {
    rule: 'symlink',
    severity: 'error',
    message:
      'This skill file or skill folder is a symbolic link; lint does not follow it and `build` refuses it.',
    fix: 'Replace the link with the file or folder itself.',
  },
  'not-regular': {
    rule: 'not-a-regular-file',
    severity: 'error',
    message: 'This skill file is a FIFO, socket or device, not a regular file; it was not read.',
    fix: 'Replace it with a regular file.',
  },
  'too-large': {
    rule: 'file-too-large',
    severity: 'error',
    message: 'This skill file is larger than 16 MiB; it was not read.',
    fix: 'Keep the skill file small and move material into references/.',
  },
  'too-deep': {
    rule: 'search-depth',
    severity: 'warning',
    message: 'This folder is nested too deep for the skill search; skills below it were not checked.',
    fix: 'Pass the folder to `skillpack lint` directly.',
  },
};

function refusalFinding(refused: RefusedSkillPath, runtimes: readonly LintRuntime[]): LintFinding {
  return { ...REFUSALS[refused.reason], runtimes, file: refused.file, line: 1 };
}

/** What `runLint` lints: the paths, the runtimes, the pack's contracts. */
export interface LintOptions {
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
}

/**
 * Find, read and lint every skill file under `options.paths` for the requested runtimes, each rule at the
 * severity each runtime's declaration gives it (`declarations`, which also say where each loads skills from).
 */
export async function lintPaths(
  options: LintOptions,
  declarations: LintDeclarations,
): Promise<Result<LintReport, SkillpackError>> {
  const collected = await collectSkillFiles(options.paths, options.cwd, declarations);
  if (!collected.success) return collected;
  const parsed = collected.data.files.map((input) => ({ input, skill: parseSkillDocument(input) }));
  const sources = parsed.some(({ skill }) => skill.kind === 'source');
  const registry = options.registry ?? (sources ? await options.loadRegistry?.() : undefined);
  const rules = lintRules(declarations);
  if (registry) rules.push(toLintRule(contractUnknown(registry), declarations));
  const files: LintedFile[] = [];
  const findings: LintFinding[] = [];
  for (const refused of collected.data.refused) findings.push(refusalFinding(refused, options.runtimes));
  for (const { input, skill } of parsed) {
    const implied = input.impliedRuntimes;
    const runtimes = options.runtimes.filter((runtime) => implied === undefined || implied.includes(runtime));
    files.push({ file: input.file, kind: skill.kind, runtimes });
    findings.push(...lintSkillDocument(skill, runtimes, rules));
  }
  const count = (severity: Severity) => findings.filter((finding) => finding.severity === severity).length;
  return ok({
    runtimes: options.runtimes,
    files,
    findings,
    summary: { files: files.length, error: count('error'), warning: count('warning'), info: count('info') },
  });
}
