import { chmodSync, chownSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handleClaudeCodeStop } from '../../src/claude-code/stop-hook.js';
import { createFileBlockCounter } from '../../src/hooks/block-budget.js';
import { greetingContract } from './_contracts.js';
import { readSampleJson } from './_samples.js';

const CLAUDE_STOP = readSampleJson('claude', 'hook-stop-input.json');
const fresh = () => mkdtempSync(join(tmpdir(), 'skillpack-unusable-state-'));

/** Stop an agent that never satisfies the contract until the hook lets it through; the decisions, in order. */
async function stopUntilAllowed(
  stateDir: string,
  maxBlocks: number,
): Promise<{ decisions: string; last: string }> {
  const decisions: string[] = [];
  let last = '';
  for (let stop = 0; stop < 10; stop++) {
    const result = await handleClaudeCodeStop(
      { ...CLAUDE_STOP, stop_hook_active: stop > 0, last_assistant_message: 'no greeting here' },
      {
        contracts: [greetingContract],
        maxBlocks,
        blockCounter: (key) => createFileBlockCounter(key, stateDir),
      },
    );
    decisions.push(result.decision.kind === 'block' ? 'B' : 'A');
    last = result.output.systemMessage ?? '';
    if (result.decision.kind === 'allow') break;
  }
  return { decisions: decisions.join(' '), last };
}

describe('a hook whose state folder is unusable never blocks forever', () => {
  it('keeps the full budget with a usable folder', async () => {
    expect((await stopUntilAllowed(join(fresh(), 'state'), 3)).decisions).toBe('B B B A');
  });

  type Make = (path: string) => void;
  const cases: [string, Make, string][] = [
    ['a file', (path) => writeFileSync(path, ''), 'cannot be created or read (EEXIST)'],
    [
      'a folder others can write to',
      (path) => {
        mkdirSync(path);
        chmodSync(path, 0o777);
      },
      'can be written by other users',
    ],
    ['a symlinked folder', (path) => symlinkSync(fresh(), path), 'is a symbolic link'],
  ];
  if (process.getuid?.() === 0) {
    cases.push([
      'a folder another user created first',
      (path) => {
        mkdirSync(path, { mode: 0o700 });
        chownSync(path, 65534, 65534);
      },
      'belongs to another user',
    ]);
  }
  it.each(cases)(
    'state folder is %s: one block, then the stop is let through, naming the cause',
    async (_name, make, cause) => {
      const path = join(fresh(), 'skillpack-hook-state');
      make(path);
      const { decisions, last } = await stopUntilAllowed(path, 3);
      expect(decisions).toBe('B A');
      expect(last).toContain(cause);
      expect(last).toContain('stop_hook_active');
    },
  );

  it('lets a repeated stop through when its block count cannot be written', async () => {
    const stateDir = fresh();
    chmodSync(stateDir, 0o700);
    // Every block file of every chain is blocked by a folder, as a full or read-only disk blocks the write.
    const blocked = (key: string) => {
      for (let block = 1; block <= 3; block++)
        mkdirSync(join(stateDir, `${key}.${block}.block`, 'x'), { recursive: true });
      return createFileBlockCounter(key, stateDir);
    };
    const decisions: string[] = [];
    for (let stop = 0; stop < 10; stop++) {
      const result = await handleClaudeCodeStop(
        { ...CLAUDE_STOP, stop_hook_active: stop > 0, last_assistant_message: 'no greeting here' },
        { contracts: [greetingContract], maxBlocks: 3, blockCounter: blocked },
      );
      decisions.push(result.decision.kind === 'block' ? 'B' : 'A');
      if (result.decision.kind === 'allow') {
        expect(result.output.systemMessage).toContain('cannot be written');
        break;
      }
    }
    expect(decisions.join(' ')).toBe('B A');
  });
});
