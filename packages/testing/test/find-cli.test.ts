import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_NAMES, findCli, findOnPath } from '../src/find-cli.js';

const root = mkdtempSync(join(tmpdir(), 'skillpack-find-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function bin(dir: string, name: string, mode: number) {
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, dir, name), '#!/bin/sh\n');
  chmodSync(join(root, dir, name), mode);
  return join(root, dir, name);
}

describe('findCli', () => {
  it('names the executable of each runtime', () => {
    expect(CLI_NAMES).toEqual({
      'claude-code': 'claude',
      codex: 'codex',
      opencode: 'opencode',
      'gemini-cli': 'gemini',
      'copilot-cli': 'copilot',
      'qwen-code': 'qwen',
      pi: 'pi',
    });
  });

  it('takes the first executable match on PATH, skipping files that are not executable and folders', () => {
    bin('a', 'codex', 0o644);
    mkdirSync(join(root, 'b', 'codex'), { recursive: true });
    const found = bin('c', 'codex', 0o755);
    bin('d', 'codex', 0o755);
    const path = ['', join(root, 'missing'), ...['a', 'b', 'c', 'd'].map((dir) => join(root, dir))].join(
      delimiter,
    );
    expect(findCli('codex', path)).toBe(found);
    expect(findOnPath('codex', path)).toBe(found);
  });

  it('gives undefined when the CLI is not on PATH', () => {
    expect(findCli('opencode', join(root, 'c'))).toBeUndefined();
    expect(findCli('claude-code', '')).toBeUndefined();
  });
});
