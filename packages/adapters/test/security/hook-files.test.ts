// Files the hook touches: transcripts that would hang it, and state it keeps between processes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinContracts } from '@skillpack/core/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeCodeStopHook } from '../../src/claude-code/stop-hook.js';
import { handleStopHook } from '../../src/index.js';
import { runHookProcess } from '../../src/run-hook.js';

const work = mkdtempSync(join(tmpdir(), 'skillpack-h11-hookfiles-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CONTRACTS = [builtinContracts.require('conflux.acceptance')];

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

function stopPayload(fields: Record<string, unknown>): string {
  return JSON.stringify({ session_id: 's-1', hook_event_name: 'Stop', stop_hook_active: false, ...fields });
}

// FIFOs and symlinks as an unprivileged user need a POSIX system.
describe.skipIf(process.platform === 'win32')(
  'transcript paths the hook must not hang on or read through',
  () => {
    const fifo = join(work, 'transcript.fifo');
    if (process.platform !== 'win32') execFileSync('mkfifo', [fifo]);
    const linkToFifo = join(work, 'link-to-fifo.jsonl');
    symlinkSync(fifo, linkToFifo);
    const folder = join(work, 'folder.jsonl');
    mkdirSync(folder);

    it.each([
      ['a character device that never ends', '/dev/zero'],
      ['a FIFO nobody writes to', fifo],
      ['a symlink to a FIFO', linkToFifo],
      ['a folder', folder],
      ['a missing file', join(work, 'missing.jsonl')],
      ['a path with a NUL byte', `${work}/a\u0000b.jsonl`],
    ])('%s: the stop is let through with a typed reason, never hanging', async (_label, path) => {
      // A read that blocked (a FIFO nobody writes to) would never resolve: the test's timeout catches it.
      const result = await handleStopHook(
        claudeCodeStopHook,
        JSON.parse(stopPayload({ transcript_path: path })),
        {
          contracts: CONTRACTS,
          maxBlocks: 1,
        },
      );
      expect(result.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
    });
  },
);

describe('the block counter state folder', () => {
  it('never writes through a state folder that is a symlink', async () => {
    const target = join(work, 'elsewhere');
    mkdirSync(target);
    const stateDir = join(work, 'state-link');
    symlinkSync(target, stateDir);
    const outcome = await runHookProcess(
      ['claude-code', '--contract', 'conflux.acceptance', '--max-blocks', '3'],
      {
        stdin: once(stopPayload({ stop_hook_active: true, last_assistant_message: 'no verdict' })),
        env: { SKILLPACK_HOOK_STATE_DIR: stateDir },
      },
    );
    // An unusable state folder leaves only stop_hook_active: this repeated stop goes through, naming why.
    expect(outcome.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
    expect(outcome.stdout).toContain('is a symbolic link');
    expect(readdirSync(target)).toEqual([]);
  });

  it('keeps a hostile session id from naming a file outside the state folder', async () => {
    const stateDir = join(work, 'state');
    const outcome = await runHookProcess(
      ['claude-code', '--contract', 'conflux.acceptance', '--max-blocks', '3'],
      {
        stdin: once(
          stopPayload({
            session_id: '../../../../escape',
            agent_id: '/etc/passwd',
            last_assistant_message: 'no verdict',
          }),
        ),
        env: { SKILLPACK_HOOK_STATE_DIR: stateDir },
      },
    );
    expect(outcome.decision?.kind).toBe('block');
    expect(readdirSync(work).filter((name) => name.includes('escape'))).toEqual([]);
    for (const name of readdirSync(stateDir)) expect(name).toMatch(/^[0-9a-f]{16}\.\d+\.block$/);
  });

  it('reads a tampered block count as no record, never as a huge or polluting value', async () => {
    const stateDir = join(work, 'tampered');
    mkdirSync(stateDir, { mode: 0o700 });
    for (const text of ['{"blocks":1e308}', '{"__proto__":{"blocks":1}}', '[', '{"blocks":-5}']) {
      for (const name of readdirSync(stateDir)) rmSync(join(stateDir, name));
      const first = await runHookProcess(
        ['claude-code', '--contract', 'conflux.acceptance', '--max-blocks', '3'],
        {
          stdin: once(stopPayload({ stop_hook_active: true, last_assistant_message: 'no verdict' })),
          env: { SKILLPACK_HOOK_STATE_DIR: stateDir },
        },
      );
      expect(first.decision?.kind).toBe('block');
      for (const name of readdirSync(stateDir)) writeFileSync(join(stateDir, name), text);
      const second = await runHookProcess(
        ['claude-code', '--contract', 'conflux.acceptance', '--max-blocks', '3'],
        {
          stdin: once(stopPayload({ stop_hook_active: true, last_assistant_message: 'no verdict' })),
          env: { SKILLPACK_HOOK_STATE_DIR: stateDir },
        },
      );
      expect(second.decision?.kind, text).toBe('block');
    }
    expect(({} as Record<string, unknown>).blocks).toBeUndefined();
  });
});
