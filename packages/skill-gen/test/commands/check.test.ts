import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../_support/cli.js';
import { configText, skillText, tempDir, writeTree } from '../_support/temp.js';

async function built() {
  const root = writeTree(tempDir(), {
    'skillpack.config.json': configText({ out: 'out', targets: ['portable'] }),
    'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.'),
  });
  expect((await cli(root, 'build')).code).toBe(0);
  return root;
}

describe('skillpack check', () => {
  it('exits 0 on an unchanged pack', async () => {
    const run = await cli(await built(), 'check');
    expect(run).toEqual({ code: 0, stdout: 'out matches its sources and manifest.\n', stderr: '' });
  });

  it('lists drift and exits 1', async () => {
    const root = await built();
    appendFileSync(join(root, 'out/portable/skills/alpha/SKILL.md'), 'x');
    appendFileSync(join(root, 'out/portable/extra.txt'), 'x');
    const run = await cli(root, 'check');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        'out drifted (2):',
        '  orphaned  portable/extra.txt              on disk, not produced by the build',
        '  modified  portable/skills/alpha/SKILL.md  changed after the build',
        'To fix it, run:',
        '  rm out/portable/extra.txt',
        '  skillpack build',
        '',
      ].join('\n'),
    );
  });

  it('prints one JSON document with --format json', async () => {
    const root = await built();
    appendFileSync(join(root, 'skills/alpha/skill.md'), 'more\n');
    const run = await cli(root, 'check', '--format', 'json');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      schemaVersion: 1,
      out: 'out',
      clean: false,
      changedSources: ['skills/alpha/skill.md'],
    });
    expect(report.drift).toEqual([
      {
        // The portable package's own manifest lists the changed skill's hash.
        kind: 'stale',
        path: 'portable/skillpack.manifest.json',
        detail: 'sources changed since the build: skills/alpha/skill.md',
        fix: 'build',
      },
      {
        kind: 'stale',
        path: 'portable/skills/alpha/SKILL.md',
        detail: 'sources changed since the build: skills/alpha/skill.md',
        fix: 'build',
      },
    ]);
  });

  it('exits 1 with the fix when the config is broken', async () => {
    const root = await built();
    appendFileSync(join(root, 'skillpack.config.json'), '}');
    const run = await cli(root, 'check');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^skillpack check: skillpack\.config\.json(:\d+)?: The pack config is not valid JSON/,
    );
  });

  it('gives fixes that fix: after them, check is clean', async () => {
    const root = await built();
    appendFileSync(join(root, 'out/portable/skills/alpha/SKILL.md'), 'x');
    appendFileSync(join(root, 'out/portable/extra file.txt'), 'x');
    appendFileSync(join(root, 'skills/alpha/skill.md'), 'more\n');
    const run = await cli(root, 'check', '--out', 'out', '--target', 'portable');
    expect(run.code).toBe(1);
    expect(run.stdout.split('To fix it, run:\n')[1]).toBe(
      "  rm 'out/portable/extra file.txt'\n  skillpack build --out out --target portable\n",
    );
    rmSync(join(root, 'out/portable/extra file.txt'));
    expect((await cli(root, 'build', '--out', 'out', '--target', 'portable')).code).toBe(0);
    expect(await cli(root, 'check')).toMatchObject({ code: 0 });
  });

  it('names the changed source once, up front, even when it is a file a contract module imports', async () => {
    const root = writeTree(tempDir(), {
      'skillpack.config.json': configText({
        out: 'out',
        targets: ['portable'],
        contracts: ['./contracts/review.ts'],
      }),
      'contracts/title.ts': "export const TITLE = 'Review verdict';\n",
      'contracts/review.ts': [
        "import { defineContract } from '@skillpack/core';",
        "import { z } from 'zod';",
        "import { TITLE } from './title.js';",
        "export const review = defineContract({ id: 'acme.review', version: '1.0.0', title: TITLE, description: 'A verdict.',",
        "  delivery: 'text', schema: z.strictObject({ verdict: z.enum(['approve', 'reject']) }),",
        "  examples: [{ name: 'approve', value: { verdict: 'approve' } }] });",
      ].join('\n'),
      'skills/alpha/skill.md': skillText(
        'name: alpha\ndescription: Alpha.\ncontracts: [acme.review]',
        '{{> contract-output contract="acme.review"}}',
      ),
    });
    expect((await cli(root, 'build')).code).toBe(0);
    writeFileSync(join(root, 'contracts/title.ts'), "export const TITLE = 'Review outcome';\n");
    const run = await cli(root, 'check');
    expect(run.code).toBe(1);
    const [headline, ...lines] = run.stdout.split('\n');
    expect(headline).toMatch(
      /^out drifted \(\d+\) because a source changed since the build: contracts\/title\.ts:$/,
    );
    const stale = lines.filter((line) => line.startsWith('  stale'));
    expect(stale.length).toBeGreaterThan(1);
    for (const line of stale) expect(line).toContain('sources changed since the build: contracts/title.ts');
  });

  it('exits 2 on a bad --format', async () => {
    expect((await cli(await built(), 'check', '--format', 'xml')).code).toBe(2);
  });
});
