import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRuntimeId, RUNTIME_IDS } from '../src/index.js';

const packageDir = new URL('..', import.meta.url);
const exportsMap = (
  JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
    exports: Record<string, unknown>;
  }
).exports;

describe('runtime ids', () => {
  it.each(RUNTIME_IDS)('%s names its source folder, subpath export and RUNTIME_ID', async (id) => {
    expect(existsSync(new URL(`src/${id}/index.ts`, packageDir))).toBe(true);
    expect(exportsMap).toHaveProperty([`./${id}`]);
    const module = (await import(`../src/${id}/index.ts`)) as { RUNTIME_ID: string };
    expect(module.RUNTIME_ID).toBe(id);
  });

  it.each(RUNTIME_IDS)('%s names its fixture folder and its test folder', (id) => {
    expect(existsSync(new URL(`test/fixtures/${id}/SOURCES.md`, packageDir))).toBe(true);
    expect(existsSync(new URL(`test/${id}/`, packageDir))).toBe(true);
  });

  it.each(RUNTIME_IDS)('%s: SOURCES.md names the origin of every fixture file, and only of those', (id) => {
    const folder = new URL(`test/fixtures/${id}/`, packageDir);
    const files = readdirSync(folder).filter((file) => file !== 'SOURCES.md');
    const sources = readFileSync(new URL('SOURCES.md', folder), 'utf8');
    const listed = [...sources.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) =>
      [...row[1]!.matchAll(/`([^`]+)`/g)].map((name) => name[1]!),
    );
    expect([...listed].sort()).toEqual([...files].sort());
  });

  it.each([
    ['codex', true],
    ['claude', false],
    [undefined, false],
    ['__proto__', false],
  ] as const)('isRuntimeId(%j) is %s', (value, expected) => {
    expect(isRuntimeId(value)).toBe(expected);
  });
});
