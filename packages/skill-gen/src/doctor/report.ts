import type { RuntimeId } from '@skillpack/adapters';
import { cliCommand } from '../cli/invocation.js';

/**
 * `loaded`/`active`: the runtime's own command shows it. `missing`: the runtime does not load the skill.
 * `inactive`: the hook or plugin is not run (not picked up, disabled, or — Codex — not trusted).
 * `unchecked`: doctor could not ask the runtime (its CLI is not installed, or it has no offline command).
 * `explicit_only`: the pack asks the runtime not to list the skill to the model (Codex `agents/openai.yaml`
 * `policy.allow_implicit_invocation: false`); a person invokes it by name. As intended, so not a failure.
 * `enforced`: in a real headless run against a scripted model a wrong answer was pushed back with the
 * contract's correction and a right one ended the run. `not_enforced`: it was not (the detail says why).
 * `skipped`: `--fast` skipped the run; nothing is claimed. An `mcp` check is `active` when, in a real headless run,
 * the runtime offered the pack's MCP server's tools to the model and a call reached the server.
 */
export type CheckStatus =
  | 'loaded'
  | 'explicit_only'
  | 'active'
  | 'enforced'
  | 'missing'
  | 'inactive'
  | 'not_enforced'
  | 'unchecked'
  | 'skipped';

export interface DoctorCheck {
  readonly kind: 'skill' | 'hook' | 'plugin' | 'enforcement' | 'mcp';
  /**
   * The skill name, the hook/plugin file relative to the scope root, (enforcement) the contract id, or (mcp) the
   * MCP configuration file and the server's key.
   */
  readonly name: string;
  readonly status: CheckStatus;
  /** What the runtime showed, or what to do about it. */
  readonly detail: string;
}

export interface PackDiagnosis {
  readonly runtime: RuntimeId;
  readonly scope: 'project' | 'user';
  readonly pack: { readonly name: string; readonly version: string };
  /** How doctor asked the runtime, for example `opencode debug skill`. */
  readonly commands: readonly string[];
  readonly checks: readonly DoctorCheck[];
}

export interface DoctorReport {
  readonly ok: boolean;
  readonly packs: readonly PackDiagnosis[];
}

const HEALTHY: ReadonlySet<CheckStatus> = new Set([
  'loaded',
  'explicit_only',
  'active',
  'enforced',
  'skipped',
]);

export function isHealthy(check: DoctorCheck): boolean {
  return HEALTHY.has(check.status);
}

export function toReport(packs: readonly PackDiagnosis[]): DoctorReport {
  return { ok: packs.every((pack) => pack.checks.every(isHealthy)), packs };
}

const MARK: Readonly<Record<CheckStatus, string>> = {
  loaded: 'ok  ',
  explicit_only: 'ok  ',
  active: 'ok  ',
  enforced: 'ok  ',
  missing: 'FAIL',
  inactive: 'FAIL',
  not_enforced: 'FAIL',
  unchecked: '??  ',
  skipped: '--  ',
};

function summary(report: DoctorReport): string {
  const enforcement = report.packs
    .flatMap((pack) => pack.checks)
    .filter((check) => check.kind === 'enforcement');
  if (!report.ok) return 'Some checks failed.';
  if (enforcement.some((check) => check.status === 'skipped'))
    return 'All skills loaded and every hook or plugin listed; enforcement NOT proven (--fast skipped the runs).';
  if (enforcement.length === 0)
    return 'All skills loaded and every hook or plugin active; the packs hook no contract.';
  return 'All skills loaded, and every hooked contract enforced in a real headless run.';
}

export function formatReportText(report: DoctorReport): string {
  if (report.packs.length === 0)
    return `skillpack doctor: no installed pack found (see \`${cliCommand('list')}\`).\n`;
  const lines: string[] = [];
  for (const pack of report.packs) {
    lines.push(`${pack.pack.name}@${pack.pack.version} for ${pack.runtime} (${pack.scope} scope)`);
    if (pack.commands.length > 0) lines.push(`  asked: ${pack.commands.join('; ')}`);
    for (const check of pack.checks)
      lines.push(`  ${MARK[check.status]} ${check.kind} ${check.name}: ${check.status} — ${check.detail}`);
  }
  lines.push(summary(report));
  return `${lines.join('\n')}\n`;
}
