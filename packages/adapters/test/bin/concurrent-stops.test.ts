// The block budget holds when a runtime runs several Stop hook processes of one session at once.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
/** The self-contained hook a pack ships, as the runtimes run it. */
const BUNDLE = join(packageDir, 'dist/bundles/skillpack-hook.cjs');
const work = mkdtempSync(join(tmpdir(), 'skillpack-concurrent-stops-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function stop(stateDir: string, maxBlocks: number, active: boolean, session: string): Promise<'B' | 'A'> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [BUNDLE, 'claude-code', '--contract', 'conflux.acceptance', '--max-blocks', String(maxBlocks)],
      { env: { ...process.env, SKILLPACK_HOOK_STATE_DIR: stateDir }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`hook exited ${code}: ${stdout}`));
      const output = JSON.parse(stdout) as { decision?: string };
      resolve(output.decision === 'block' ? 'B' : 'A');
    });
    child.stdin.end(
      JSON.stringify({
        session_id: session,
        transcript_path: '/nonexistent/transcript.jsonl',
        cwd: work,
        hook_event_name: 'Stop',
        stop_hook_active: active,
        last_assistant_message: 'I changed things but give no verdict.',
      }),
    );
  });
}

const blocks = (decisions: readonly string[]) => decisions.filter((decision) => decision === 'B').length;

describe('concurrent Stop hook processes of one session', () => {
  it.each([2, 3, 5])(
    '--max-blocks %i: a chain blocks exactly that many stops, however many hooks run at once',
    async (maxBlocks) => {
      for (let round = 0; round < 3; round++) {
        const stateDir = join(work, `state-${maxBlocks}-${round}`);
        const session = `session-${maxBlocks}-${round}`;
        // The chain's first stop (no block before it) is blocked: block 1 of the budget.
        expect(await stop(stateDir, maxBlocks, false, session)).toBe('B');
        // Then twelve hook processes of the same chain at once: only the blocks left may be spent.
        const concurrent = await Promise.all(
          Array.from({ length: 12 }, () => stop(stateDir, maxBlocks, true, session)),
        );
        expect(1 + blocks(concurrent), concurrent.join(' ')).toBe(maxBlocks);
        // And the budget stays spent: a later stop of the chain is let through.
        expect(await stop(stateDir, maxBlocks, true, session)).toBe('A');
        // A new chain (no stop_hook_active) has its whole budget again.
        expect(await stop(stateDir, maxBlocks, false, session)).toBe('B');
      }
    },
    60_000,
  );

  it('concurrent stops that all follow a block spend the rest of the budget, as the same stops one by one do', async () => {
    const concurrentDir = join(work, 'fresh-concurrent');
    const serialDir = join(work, 'fresh-serial');
    const concurrent = await Promise.all(Array.from({ length: 12 }, () => stop(concurrentDir, 3, true, 's')));
    const serial: string[] = [];
    for (let i = 0; i < 12; i++) serial.push(await stop(serialDir, 3, true, 's'));
    // `stop_hook_active` says block 1 happened; blocks 2 and 3 are left.
    expect(blocks(concurrent)).toBe(2);
    expect(serial.join(' ')).toBe(`B B ${Array(10).fill('A').join(' ')}`);
  }, 60_000);
});
