import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
  name: string;
  exports: Record<string, unknown>;
};

describe(`${manifest.name} exports map`, () => {
  const subpaths = Object.keys(manifest.exports).filter(
    (key) => key !== './package.json' && !key.endsWith('.json'),
  );

  it('lists the subpaths the design names, and the config JSON Schema for editors', () => {
    expect(Object.keys(manifest.exports)).toEqual([
      '.',
      './schemas/skillpack.config.schema.json',
      './package.json',
    ]);
  });

  it('resolves the shipped config JSON Schema through Node', () => {
    const script = `import('@skillpack/skill-gen/schemas/skillpack.config.schema.json', { with: { type: 'json' } }).then((m) => process.stdout.write(m.default.title))`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    expect(output).toBe('skillpack pack config (skillpack.config.json)');
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
});
