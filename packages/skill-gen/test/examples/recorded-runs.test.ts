import { readFileSync } from 'node:fs';
import {
  createEventLineUnwrapper,
  extractContract,
  RUNTIME_IDS,
  readAgentRun,
  unwrapEventLine,
} from '@skillpack/adapters';
import {
  type AcceptanceVerdict,
  acceptanceContract,
  renderVerdict,
  safeParseAcceptanceOutput,
  toVerdictJson,
} from '@skillpack/core/conflux';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { examplesDir } from './_example-pack.js';
import { wrapFinalMessage } from './_runtime-streams.js';

const runsDir = `${examplesDir}host/runs/`;

describe('conflux.acceptance: a raw stdout whose last message ends with renderVerdict(...) parses to that verdict', () => {
  const cases = RUNTIME_IDS.flatMap((runtime) =>
    acceptanceContract.examples.map((example) => [runtime, example] as const),
  );

  it.each(cases)('%s, example %#', async (runtime, example) => {
    const verdict = example.value as AcceptanceVerdict;
    const rendered = renderVerdict(verdict);
    const raw = wrapFinalMessage(
      runtime,
      `I ran every declared verification to its final result.\n${rendered}`,
    );
    const run = await readAgentRun(raw);
    expect(run.runtime).toBe(runtime);
    expect(run.finish).toBe('complete');
    expect(run.finalText?.endsWith(rendered)).toBe(true);

    const parsed = safeParseAcceptanceOutput(raw, { unwrapLine: unwrapEventLine });
    expect(parsed.success).toBe(true);
    if (parsed.success) {
      expect(parsed.data.source).toBe('json');
      expect(toVerdictJson(parsed.data)).toEqual(verdict);
    }
    const extracted = extractContract(run, 'conflux.acceptance', { registry: builtinContracts });
    expect(extracted.success && toVerdictJson(extracted.data as AcceptanceVerdict)).toEqual(verdict);
  });

  it('needs the unwrapper: the same raw output without it holds no verdict line', () => {
    const raw = wrapFinalMessage('codex', renderVerdict({ acceptance: 'pass' }));
    const parsed = safeParseAcceptanceOutput(raw);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.code).toBe('missing_verdict');
  });
});

/** The host's recorded acceptance runs, with the verdict each one ends with (null: none). */
const RECORDED = [
  ['01-conflux-pass/acceptance-1.claude-code.jsonl', 'claude-code', 'pass', []],
  ['02-conflux-fail-then-pass/acceptance-1.codex.jsonl', 'codex', 'fail', ['cart-total-negative-rounding']],
  ['02-conflux-fail-then-pass/acceptance-2.codex.jsonl', 'codex', 'pass', []],
  ['03-conflux-protocol-retry/acceptance-1.opencode.ndjson', 'opencode', null, []],
  ['03-conflux-protocol-retry/acceptance-2.opencode.ndjson', 'opencode', 'pass', []],
  [
    '04-conflux-repeated-finding/acceptance-1.claude-code.jsonl',
    'claude-code',
    'fail',
    ['checkout-timeout-untested'],
  ],
  [
    '04-conflux-repeated-finding/acceptance-2.claude-code.jsonl',
    'claude-code',
    'fail',
    ['checkout-timeout-untested'],
  ],
  ['05-conflux-gated-blocker/acceptance-1.codex.jsonl', 'codex', null, []],
  ['05-conflux-gated-blocker/acceptance-2.codex.jsonl', 'codex', 'gated', []],
] as const;

describe('the recorded acceptance runs of the example host', () => {
  it('cover the three runtimes the example host replays', () => {
    // The example host's scenarios were recorded with Claude Code, Codex and OpenCode; the readers of the
    // runtimes added since are proven on their own captures (packages/adapters/test/fixtures/<runtime>/).
    expect(new Set(RECORDED.map(([, runtime]) => runtime))).toEqual(
      new Set(['claude-code', 'codex', 'opencode']),
    );
  });

  it.each(RECORDED)(
    '%s ends with the canonical rendering of its verdict',
    async (file, runtime, kind, ids) => {
      const bytes = readFileSync(`${runsDir}${file}`);
      const run = await readAgentRun(bytes);
      expect(run.runtime).toBe(runtime);
      expect(run.finish).toBe('complete');
      const parsed = safeParseAcceptanceOutput(bytes, { unwrapLine: createEventLineUnwrapper() });
      if (kind === null) {
        expect(parsed.success).toBe(false);
        return;
      }
      expect(parsed.success).toBe(true);
      if (!parsed.success) return;
      const verdict = toVerdictJson(parsed.data);
      expect(verdict.acceptance).toBe(kind);
      expect(
        verdict.acceptance === 'fail'
          ? verdict.findings.map((finding) => (typeof finding === 'string' ? finding : finding.id))
          : [],
      ).toEqual(ids);
      expect(run.finalText?.endsWith(renderVerdict(verdict))).toBe(true);
    },
  );
});
