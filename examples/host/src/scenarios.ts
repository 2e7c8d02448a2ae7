/** One recorded step of a Conflux change: an acceptance run, or the files an Apply changed. */
export type ConfluxStep =
  | { readonly kind: 'acceptance'; readonly file: string }
  | { readonly kind: 'apply'; readonly file: string };

export interface ConfluxScenario {
  readonly family: 'conflux';
  readonly id: string;
  readonly title: string;
  readonly changeId: string;
  readonly steps: readonly ConfluxStep[];
  /** The change's declared verifications with their observed states, checked against a gated verdict. */
  readonly verifications?: string;
}

export interface MaestroScenario {
  readonly family: 'maestro';
  readonly id: string;
  readonly title: string;
  /** The ralph-cli session's `status.json` before the first delegation. */
  readonly session: string;
  /** The recorded output of each delegated run, in dispatch order. */
  readonly delegates: readonly string[];
  /** The replay's fixed clock: `ralph complete` stamps it as `completed_at`. */
  readonly clock: string;
}

export interface ZaofuScenario {
  readonly family: 'zaofu';
  readonly id: string;
  readonly title: string;
  readonly arch: string;
  readonly critic: string;
  readonly orchestrator: string;
  /** The ZaoFu project root the agents worked in; manifest paths are checked against it. */
  readonly projectRoot: string;
}

export type Scenario = ConfluxScenario | MaestroScenario | ZaofuScenario;

/** The recorded scenarios under `runs/`, in replay order. */
export const SCENARIOS: readonly Scenario[] = [
  {
    family: 'conflux',
    id: '01-conflux-pass',
    title: 'Conflux acceptance passes on the first review (Claude Code)',
    changeId: 'add-cart-rounding',
    steps: [{ kind: 'acceptance', file: '01-conflux-pass/acceptance-1.claude-code.jsonl' }],
  },
  {
    family: 'conflux',
    id: '02-conflux-fail-then-pass',
    title: 'A structured finding, one repair Apply, then a pass (Codex)',
    changeId: 'fix-cart-rounding',
    steps: [
      { kind: 'acceptance', file: '02-conflux-fail-then-pass/acceptance-1.codex.jsonl' },
      { kind: 'apply', file: '02-conflux-fail-then-pass/apply-1.changed-files.txt' },
      { kind: 'acceptance', file: '02-conflux-fail-then-pass/acceptance-2.codex.jsonl' },
    ],
  },
  {
    family: 'conflux',
    id: '03-conflux-protocol-retry',
    title: 'No verdict (waiting on a background job), then a corrected retry (OpenCode)',
    changeId: 'add-export-csv',
    steps: [
      { kind: 'acceptance', file: '03-conflux-protocol-retry/acceptance-1.opencode.ndjson' },
      { kind: 'acceptance', file: '03-conflux-protocol-retry/acceptance-2.opencode.ndjson' },
    ],
  },
  {
    family: 'conflux',
    id: '04-conflux-repeated-finding',
    title: 'The same finding after its one repair stops automatic repair (Claude Code)',
    changeId: 'harden-checkout',
    steps: [
      { kind: 'acceptance', file: '04-conflux-repeated-finding/acceptance-1.claude-code.jsonl' },
      { kind: 'apply', file: '04-conflux-repeated-finding/apply-1.changed-files.txt' },
      { kind: 'acceptance', file: '04-conflux-repeated-finding/acceptance-2.claude-code.jsonl' },
    ],
  },
  {
    family: 'conflux',
    id: '05-conflux-gated-blocker',
    title: 'A bare gated token, then a structured external blocker (Codex)',
    changeId: 'add-payments-sandbox',
    verifications: '05-conflux-gated-blocker/verifications.json',
    steps: [
      { kind: 'acceptance', file: '05-conflux-gated-blocker/acceptance-1.codex.jsonl' },
      { kind: 'acceptance', file: '05-conflux-gated-blocker/acceptance-2.codex.jsonl' },
    ],
  },
  {
    family: 'maestro',
    id: '06-maestro-result',
    title: 'ralph-cli delegates three steps to OpenCode and applies each ---RESULT--- block',
    session: '06-maestro-result/status.json',
    delegates: [
      '06-maestro-result/delegate-1.opencode.ndjson',
      '06-maestro-result/delegate-2.opencode.ndjson',
      '06-maestro-result/delegate-3.opencode.ndjson',
      '06-maestro-result/delegate-4.opencode.ndjson',
    ],
    clock: '2026-11-20T09:30:00.000Z',
  },
  {
    family: 'zaofu',
    id: '07-zaofu-handoff',
    title: 'ZaoFu design handoff: arch (Codex), critic (OpenCode), orchestrator (Claude Code)',
    arch: '07-zaofu-handoff/arch.codex.jsonl',
    critic: '07-zaofu-handoff/critic.opencode.ndjson',
    orchestrator: '07-zaofu-handoff/orchestrator.claude-code.jsonl',
    projectRoot: '/home/dev/foo',
  },
];
