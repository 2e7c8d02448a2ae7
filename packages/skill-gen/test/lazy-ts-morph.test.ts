import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { configText, goldenDir, skillText, tempDir, writeTree } from './_support/temp.js';

const index = new URL('../dist/index.js', import.meta.url).href;

/** Run a build from the built package in a fresh process; report whether ts-morph was loaded. */
function loadsTsMorph(cwd: string, request: Record<string, unknown> = {}): boolean {
  const script = `
    import { createRequire } from 'node:module';
    const { buildPack } = await import(${JSON.stringify(index)});
    await buildPack({ cwd: process.cwd(), out: ${JSON.stringify(tempDir())}, ...${JSON.stringify(request)} });
    const cache = Object.keys(createRequire(import.meta.url).cache);
    process.stdout.write(String(cache.some((path) => /node_modules\\/(ts-morph|@ts-morph)\\//.test(path))));
  `;
  return (
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8' }) ===
    'true'
  );
}

describe('ts-morph is loaded lazily, only to extract type references', () => {
  it('is not loaded by a build whose skills speak no contract', () => {
    const root = writeTree(tempDir(), {
      'skillpack.config.json': configText(),
      'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.'),
    });
    expect(loadsTsMorph(root)).toBe(false);
  });

  it('is not loaded when the skills speak contracts core exports: their references ship prebuilt', () => {
    const root = writeTree(tempDir(), {
      'skillpack.config.json': configText(),
      'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.\ncontracts: [conflux.acceptance]'),
    });
    expect(loadsTsMorph(root)).toBe(false);
  }, 60_000);

  it('is loaded when a skill speaks a contract core exports and the prebuilt table is not asked for', () => {
    expect(
      loadsTsMorph(goldenDir, {
        typeReferences: { prebuilt: false },
        bundles: {
          hook: `${goldenDir}../bundles/skillpack-hook.cjs`,
          opencodePlugin: `${goldenDir}../bundles/opencode-plugin.mjs`,
        },
      }),
    ).toBe(true);
  }, 60_000);
});
