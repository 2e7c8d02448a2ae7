import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProject, isCopied } from '../../src/doctor/project-copy.js';

const root = mkdtempSync(join(tmpdir(), 'skillpack-copy-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the throwaway project copy', () => {
  it.each([
    ['.claude/settings.json', true],
    ['src/a.ts', true],
    ['.opencode/node_modules/@opencode-ai/plugin/package.json', true],
    ['node_modules/zod/package.json', false],
    ['packages/a/node_modules/x', false],
    ['.git/config', false],
  ])('copies %s: %s', (path, copied) => {
    expect(isCopied(path, ['.opencode'])).toBe(copied);
  });

  it('copies the project into a fresh git repository and removes only the copy', () => {
    const project = join(root, 'project');
    mkdirSync(join(project, '.claude'), { recursive: true });
    mkdirSync(join(project, 'node_modules/x'), { recursive: true });
    writeFileSync(join(project, '.claude/settings.json'), '{}');
    writeFileSync(join(project, 'node_modules/x/index.js'), '');
    const copy = copyProject(project, ['.opencode']);
    expect(readFileSync(join(copy.dir, '.claude/settings.json'), 'utf8')).toBe('{}');
    expect(existsSync(join(copy.dir, 'node_modules'))).toBe(false);
    expect(existsSync(join(copy.dir, '.git'))).toBe(true);
    copy.remove();
    expect(existsSync(copy.dir)).toBe(false);
    expect(existsSync(join(project, '.claude/settings.json'))).toBe(true);
  });
});
