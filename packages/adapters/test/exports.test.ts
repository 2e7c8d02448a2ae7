import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
  name: string;
  exports: Record<string, unknown>;
};

describe(`${manifest.name} exports map`, () => {
  // Bundles are self-contained scripts (importing one runs it), so only module subpaths are imported here.
  const keys = Object.keys(manifest.exports).filter((key) => key !== './package.json');
  const subpaths = keys.filter((key) => !key.startsWith('./bundles/'));
  const bundles = keys.filter((key) => key.startsWith('./bundles/'));

  it('lists the subpaths the design names', () => {
    expect(subpaths).toEqual([
      '.',
      './claude-code',
      './codex',
      './copilot-cli',
      './opencode',
      './gemini-cli',
      './qwen-code',
      './pi',
      './pack-runtime',
      './mcp-server',
      './pack-hook',
      './bundler',
      './wire',
    ]);
    for (const bundle of bundles) {
      expect(manifest.exports[bundle]).toMatchObject({ default: `./dist${bundle.slice(1)}` });
    }
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
