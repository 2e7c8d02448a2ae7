import { spawn } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleCodexStop } from '../../src/codex/stop-hook.js';
import { createFileBlockCounter } from '../../src/hooks/block-budget.js';
import { hookStateDir } from '../_support/hook-state-dir.js';
import { greetingContract } from './_contracts.js';
import { CODEX_STOP } from './_samples.js';

// Two chains of stops of one Codex session (two turns) that run at once, e.g. the same session driven by two
// processes: a stop without `stop_hook_active` starts its own chain, and must not reset the other chain's count.

const WRONG = 'no greeting here';
const stop = (turn: string, active: boolean) => ({
  ...CODEX_STOP,
  turn_id: turn,
  stop_hook_active: active,
  last_assistant_message: WRONG,
});

describe('concurrent chains of one session keep their own block budget', () => {
  it('a new turn’s first stop does not give a running turn more blocks than its budget', async () => {
    const dir = hookStateDir();
    chmodSync(dir, 0o700);
    const options = {
      contracts: [greetingContract],
      maxBlocks: 2,
      blockCounter: (key: string) => createFileBlockCounter(key, dir),
    };
    const decide = async (turn: string, active: boolean) =>
      (await handleCodexStop(stop(turn, active), options)).decision.kind === 'block' ? 'B' : 'A';
    const order: string[] = [];
    order.push(await decide('turn-1', false)); // turn 1: block 1 of 2
    order.push(await decide('turn-1', true)); // turn 1: block 2 of 2
    order.push(await decide('turn-2', false)); // turn 2 starts while turn 1 still runs
    order.push(await decide('turn-1', true)); // turn 1's budget is spent: let through
    order.push(await decide('turn-2', true)); // turn 2: block 2 of 2
    order.push(await decide('turn-2', true));
    expect(order.join(' ')).toBe('B B B A B A');
  });
});

const BUNDLE = fileURLToPath(new URL('../../dist/bundles/skillpack-hook.cjs', import.meta.url));

/** One real hook process: the payload on stdin, the decision from stdout. */
function hookProcess(payload: unknown, stateDir: string): Promise<'B' | 'A'> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [BUNDLE, 'codex', '--contract', 'conflux.acceptance', '--max-blocks', '2'],
      {
        env: { PATH: process.env.PATH, SKILLPACK_HOOK_STATE_DIR: stateDir },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`hook exit ${code}: ${stdout}`));
      resolve(JSON.parse(stdout || '{}').decision === 'block' ? 'B' : 'A');
    });
    child.stdin.end(JSON.stringify(payload));
  });
}

describe('concurrent hook processes', () => {
  beforeAll(() => {
    if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: build the adapters package first`);
  });

  it('spend each turn’s budget exactly, whatever runs at the same time', async () => {
    const dir = hookStateDir();
    chmodSync(dir, 0o700);
    const turns = Array.from({ length: 6 }, (_, i) => `turn-${i}`);
    const round = (active: boolean) => Promise.all(turns.map((turn) => hookProcess(stop(turn, active), dir)));
    // Six turns start at once, then each is stopped again twice, all at once: two blocks per turn, no more.
    expect(await round(false)).toEqual(turns.map(() => 'B'));
    expect(await round(true)).toEqual(turns.map(() => 'B'));
    expect(await round(true)).toEqual(turns.map(() => 'A'));
  }, 60_000);
});
