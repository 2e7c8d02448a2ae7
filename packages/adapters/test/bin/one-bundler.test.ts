import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readProgram } from '../../src/bin/code-cache.js';
import { SECOND_PROGRAM_START } from '../../src/bin/program-markers.js';
import { carryProgram } from '../../src/bundler/carried-program.js';

const packages = fileURLToPath(new URL('../../../', import.meta.url));

/** Every source and script file of the adapters and skill-gen that holds `needle`, relative to packages/. */
function filesHolding(needle: RegExp): string[] {
  const found: string[] = [];
  for (const dir of ['adapters/src', 'adapters/scripts', 'skill-gen/src', 'skill-gen/scripts']) {
    for (const file of readdirSync(join(packages, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|mjs)$/.test(file)) continue;
      if (needle.test(readFileSync(join(packages, dir, file), 'utf8'))) found.push(`${dir}/${file}`);
    }
  }
  return found.sort();
}

describe('one hook bundler', () => {
  it('defines the program markers once', () => {
    expect(filesHolding(/['"]skillpack-program /)).toEqual(['adapters/src/bin/program-markers.ts']);
  });

  it('holds the recipe (the zod shaking, the carried program) once, used by both bundlers', () => {
    expect(filesHolding(/shakeable-zod-namespace/)).toEqual(['adapters/src/bundler/zod-plugins.ts']);
    expect(filesHolding(/createHash\('sha256'\)\.update\(source\)/)).toEqual([
      'adapters/src/bundler/carried-program.ts',
    ]);
    expect(filesHolding(/\bbundleHook\(/)).toEqual([
      'adapters/scripts/bundle.mjs',
      'adapters/src/bundler/hook-bundler.ts',
      'skill-gen/scripts/bundle-commands.mjs',
      'skill-gen/src/hooks/bundle-pack-runtime.ts',
    ]);
    expect(filesHolding(/\bbundleCommand\(/)).toEqual([
      'adapters/src/bundler/hook-bundler.ts',
      'skill-gen/scripts/bundle-commands.mjs',
    ]);
  });

  it('carries a program the code-cache loader reads back byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillpack-carry-'));
    try {
      const file = join(dir, 'hook.cjs');
      const body = 'module.exports.warmUp = () => "x";\n';
      writeFileSync(file, carryProgram('// loader\n', `#!/usr/bin/env node\n${body}`));
      const program = readProgram(file);
      expect(program.source).toBe(`(function (require, module, exports, __filename, __dirname) {${body}\n})`);
      expect(program.key).toMatch(/^[0-9a-f]{32}-/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carries a second program before the first, each read back by its own marker with a key of its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillpack-carry-'));
    try {
      const file = join(dir, 'hook.cjs');
      // A program may name the markers (a fast path reads the second program), joined at run time as they are.
      const first = 'const m = ["/*", "skillpack-program "].join("");\n';
      const second = 'module.exports.start = () => 2;\n';
      writeFileSync(file, carryProgram('// loader\n', first, second));
      const wrap = (body: string) =>
        `(function (require, module, exports, __filename, __dirname) {${body}\n})`;
      const one = readProgram(file);
      const two = readProgram(file, SECOND_PROGRAM_START);
      expect(one.source).toBe(wrap(first));
      expect(two.source).toBe(wrap(second));
      expect(two.key).toMatch(/^[0-9a-f]{32}-/);
      expect(two.key).not.toBe(one.key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a program that cannot travel in a block comment', () => {
    expect(() => carryProgram('', 'a = "*/";')).toThrow(/block comment/);
    expect(() => carryProgram('', 'a = "é";')).toThrow(/ASCII/);
  });
});
