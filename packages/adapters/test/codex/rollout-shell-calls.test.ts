// A shell command Codex ran is a call in its session rollout (`CommandExecution`, the Stop hook's transcript) as it
// is in `exec --json` (`command_execution`): ZaoFu's `zf emit` answers from either, and one that exited non-zero
// answers from neither. Captured from Codex 0.169.0 in the real loop of e2e/loops-tool-answer.test.mjs
// (fixtures/codex/SOURCES.md).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinContracts } from '@skillpack/core/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { handleCodexStop } from '../../src/codex/stop-hook.js';
import { extractContract } from '../../src/extract-contract.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { noState } from '../_support/read-paths.js';
import { codexStopPayload, firstLines, rollout } from './_rollout.js';

const emitted = builtinContracts.require('zaofu.arch-proposal-done');
const VALUE = emitted.examples[0]!.value;
const dir = mkdtempSync(join(tmpdir(), 'skillpack-codex-shell-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The Codex Stop hook at the stop: the rollout up to the final message (line 15), always enforced. */
async function stopOf(stem: string) {
  const path = join(dir, `${stem}.jsonl`);
  writeFileSync(path, firstLines(rollout(stem), 15));
  const payload = codexStopPayload(path, 'Done: the architecture proposal is emitted.');
  return handleCodexStop(payload, { contracts: [emitted], blockCounter: noState });
}

describe('a Codex rollout CommandExecution', () => {
  it('is the command_execution call exec --json reports: its argv as one shell line, its status', async () => {
    const run = await readAgentRun(rollout('zf-emit-completed'), { runtime: 'codex' });
    expect(run.unknownEventTypes).toEqual({});
    expect(run.tools).toEqual([
      expect.objectContaining({
        name: 'command_execution',
        input: { command: `/bin/bash -lc './${emitted.render(VALUE).replaceAll("'", `'\\''`)}'` },
        status: 'completed',
      }),
    ]);
  });

  it('a zf emit that completed answers on every path: extractContract and the Stop hook', async () => {
    const run = await readAgentRun(rollout('zf-emit-completed'), { runtime: 'codex' });
    expect(extractContract(run, emitted)).toMatchObject({ success: true, data: VALUE });
    expect((await stopOf('zf-emit-completed')).decision).toMatchObject({
      kind: 'allow',
      because: 'satisfied',
    });
  });

  it('a zf emit that exited 1 is a failed call and answers on no path', async () => {
    const run = await readAgentRun(rollout('zf-emit-failed'), { runtime: 'codex' });
    expect(run.tools).toEqual([
      expect.objectContaining({ status: 'error', error: 'The command exited with code 1.' }),
    ]);
    expect(extractContract(run, emitted)).toMatchObject({ success: false });
    expect((await stopOf('zf-emit-failed')).decision.kind).toBe('block');
  });
});
