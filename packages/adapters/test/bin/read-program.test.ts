// The code-cache loader reads a bundle's first program from the bundle's end: a pack hook carries its whole
// hook (zod, the contract modules) before its fast path, and a stop the fast path decides reads none of it.
import fs, { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { programKey, readProgram } from '../../src/bin/code-cache.js';
import { SECOND_PROGRAM_START } from '../../src/bin/program-markers.js';
import { carryProgram } from '../../src/bundler/carried-program.js';

const wrap = (body: string) => `(function (require, module, exports, __filename, __dirname) {${body}\n})`;

/** A program body of about `bytes` bytes. */
const bodyOf = (name: string, bytes: number) =>
  `module.exports.${name} = ${JSON.stringify('x'.repeat(bytes))}.length;\n`;

/** Every byte the loader reads from files, however it reads them. */
function countReads() {
  let bytes = 0;
  const readSync = fs.readSync;
  vi.spyOn(fs, 'readSync').mockImplementation((...args: Parameters<typeof fs.readSync>) => {
    const read = readSync(...args);
    bytes += read;
    return read;
  });
  const readFileSync = fs.readFileSync;
  vi.spyOn(fs, 'readFileSync').mockImplementation(((...args: Parameters<typeof fs.readFileSync>) => {
    const text = readFileSync(...args);
    bytes += text.length;
    return text;
  }) as typeof fs.readFileSync);
  return () => bytes;
}

describe('readProgram', () => {
  const dirs: string[] = [];
  const bundle = (loader: string, first: string, second?: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'skillpack-read-program-'));
    dirs.push(dir);
    const file = join(dir, 'hook.cjs');
    writeFileSync(file, carryProgram(loader, first, second));
    return file;
  };
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['smaller than the first read', 1_000],
    ['larger than the first read', 200_000],
  ])('reads a first program %s from the end, none of the second program before it', (_, size) => {
    const first = bodyOf('first', size);
    const file = bundle('// loader\n', first, bodyOf('second', 2_000_000));
    const bytesRead = countReads();
    const program = readProgram(file);
    expect(program.source).toBe(wrap(first));
    expect(program.key).toBe(programKey(program.key.slice(0, 32), file));
    expect(bytesRead()).toBeGreaterThan(size);
    expect(bytesRead()).toBeLessThan(Math.max(8 * size, 128 * 1024));
  });

  it('reads a second program carried before the first, and a program a whole file holds', () => {
    const second = bodyOf('second', 300_000);
    const file = bundle(`// loader ${'y'.repeat(100_000)}\n`, bodyOf('first', 10), second);
    expect(readProgram(file, SECOND_PROGRAM_START).source).toBe(wrap(second));
    const small = bundle('// loader\n', 'module.exports.one = 1;\n');
    expect(readProgram(small).source).toBe(wrap('module.exports.one = 1;\n'));
    expect(readProgram(small).key).toMatch(new RegExp(`-${statSync(small).size}-`));
  });

  it('fails loudly on a file that carries no program, however large', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillpack-read-program-'));
    dirs.push(dir);
    const file = join(dir, 'hook.cjs');
    writeFileSync(file, `// ${'z'.repeat(700_000)}\n`);
    expect(() => readProgram(file)).toThrow('carries no program');
  });
});
