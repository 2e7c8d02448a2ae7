import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url);
/**
 * Runtime exports across every entry; types are free. A change here is a deliberate API decision: 171 since
 * `submitTool` (issue #43: a tool-delivered contract's tool, for a host that serves it itself).
 */
const RUNTIME_EXPORT_BUDGET = 171;
const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
  name: string;
  exports: Record<string, unknown>;
};

describe(`${manifest.name} exports map`, () => {
  const subpaths = Object.keys(manifest.exports).filter(
    (key) => key !== './package.json' && !key.includes('*'),
  );

  it("lists the subpaths the design names, plus each family's contract list, zod-free reads and the JSON Schema files", () => {
    expect(Object.keys(manifest.exports)).toEqual([
      '.',
      './conflux',
      './zaofu',
      './maestro',
      './devflow',
      './contracts',
      './contract-lists/*',
      './plain-reads/*',
      './schemas/*',
      './package.json',
    ]);
  });

  it('resolves every subpath from the built package through Node', () => {
    const specifiers = subpaths.map((subpath) => manifest.name + subpath.slice(1));
    const script = `for (const s of ${JSON.stringify(specifiers)}) { const m = await import(s); process.stdout.write(s + " " + Object.keys(m).length + "\\n"); }`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    for (const specifier of specifiers) expect(output).toMatch(new RegExp(`^${specifier} [1-9]`, 'm'));
  });

  it('keeps the runtime surface within its budget, with each family schemas under one namespace', () => {
    const specifiers = subpaths.map((subpath) => manifest.name + subpath.slice(1));
    const script = `const out = {}; for (const s of ${JSON.stringify(specifiers)}) { const m = await import(s); out[s] = { count: Object.keys(m).length, schemas: typeof m.schemas === 'object' ? Object.keys(m.schemas).length : 0 }; } process.stdout.write(JSON.stringify(out));`;
    const counts = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: packageDir,
        encoding: 'utf8',
      }),
    ) as Record<string, { count: number; schemas: number }>;
    const total = Object.values(counts).reduce((sum, entry) => sum + entry.count, 0);
    expect(total).toBeLessThanOrEqual(RUNTIME_EXPORT_BUDGET);
    for (const family of ['conflux', 'zaofu', 'maestro', 'devflow']) {
      expect(counts[`${manifest.name}/${family}`]?.schemas).toBeGreaterThan(0);
    }
  });

  it('serves each contract JSON Schema at ./schemas/<id>.json, and nothing outside the map', () => {
    const script = [
      "import { createRequire } from 'node:module';",
      "const require = createRequire(process.cwd() + '/');",
      `const file = require.resolve('${manifest.name}/schemas/conflux.acceptance.json');`,
      `const { default: schema } = await import('${manifest.name}/schemas/conflux.acceptance.json', { with: { type: 'json' } });`,
      `const { default: index } = await import('${manifest.name}/schemas/index.json', { with: { type: 'json' } });`,
      "let hidden = 'resolved';",
      `try { require.resolve('${manifest.name}/dist/index.js'); } catch (error) { hidden = error.code; }`,
      'process.stdout.write(JSON.stringify({ file, schema: schema.$schema, ids: index.contracts.map((c) => c.id), hidden }));',
    ].join('\n');
    const output = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: packageDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as { file: string; schema: string; ids: string[]; hidden: string };
    expect(output.file).toBe(fileURLToPath(new URL('dist/schemas/conflux.acceptance.json', packageDir)));
    expect(output.schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(output.ids).toContain('conflux.acceptance');
    expect(output.hidden).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});
