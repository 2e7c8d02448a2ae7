import type { RuntimeId } from '@skillpack/adapters';

/** What the host would do next, as the orchestrating process would decide it. */
export const DECISION_KINDS = [
  'accept',
  'dispatch_repair',
  'rerun_acceptance',
  'retry_protocol',
  'stop_protocol',
  'stop_repair',
  'hold',
  'command_failed',
  'delegate',
  'complete_step',
  'retry_step',
  'pause_session',
  'session_done',
  'manifest_recorded',
  'manifest_rejected',
  'dispatch_critic',
  'audit_payload',
  'rework_design',
  'escalate_design',
  'request_backlog_refs',
  'dispatch_dev',
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** One step of a replayed scenario: what was read and the decision taken on it. */
export interface HostDecision {
  readonly scenario: string;
  /** 1-based position within the scenario. */
  readonly step: number;
  /** The recorded file the decision was taken on, relative to the runs folder. */
  readonly source: string;
  readonly runtime: RuntimeId | 'unknown' | null;
  /** What the host read, in a few words: `verdict fail (1 finding)`, `result DONE`. */
  readonly observed: string;
  readonly decision: DecisionKind;
  /** The core reason code behind the decision, when there is one. */
  readonly reason: string | null;
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

export interface ScenarioReport {
  readonly id: string;
  readonly title: string;
  readonly decisions: readonly HostDecision[];
}

export interface HostReport {
  readonly schemaVersion: 1;
  readonly scenarios: readonly ScenarioReport[];
}

/** The decisions of a scenario as they are appended, numbered in order. */
export class DecisionLog {
  readonly #scenario: string;
  readonly #decisions: HostDecision[] = [];

  constructor(scenario: string) {
    this.#scenario = scenario;
  }

  add(decision: Omit<HostDecision, 'scenario' | 'step'>): void {
    this.#decisions.push({ scenario: this.#scenario, step: this.#decisions.length + 1, ...decision });
  }

  get decisions(): readonly HostDecision[] {
    return this.#decisions;
  }
}

/** Count decisions per kind, in `DECISION_KINDS` order, leaving out kinds that never occur. */
export function countDecisions(report: HostReport): [DecisionKind, number][] {
  const counts = new Map<DecisionKind, number>();
  for (const scenario of report.scenarios) {
    for (const decision of scenario.decisions)
      counts.set(decision.decision, (counts.get(decision.decision) ?? 0) + 1);
  }
  return DECISION_KINDS.flatMap((kind) =>
    counts.has(kind) ? [[kind, counts.get(kind)!] as [DecisionKind, number]] : [],
  );
}

/** The report as text: one block per scenario, one line per decision, and a closing count. */
export function formatReport(report: HostReport): string {
  const lines: string[] = [];
  for (const scenario of report.scenarios) {
    lines.push(`${scenario.id}: ${scenario.title}`);
    for (const entry of scenario.decisions) {
      const where = entry.runtime === null ? entry.source : `${entry.source} (${entry.runtime})`;
      const reason = entry.reason === null ? '' : ` [${entry.reason}]`;
      lines.push(`  ${entry.step}. ${where}: ${entry.observed} -> ${entry.decision}${reason}`);
      lines.push(`     ${entry.message}`);
    }
    lines.push('');
  }
  const total = report.scenarios.reduce((sum, scenario) => sum + scenario.decisions.length, 0);
  const counts = countDecisions(report).map(([kind, count]) => `${kind} ${count}`);
  lines.push(`${total} decisions in ${report.scenarios.length} scenarios: ${counts.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
