import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { reviewContractSource, writeReviewProject } from '../_support/review-contract.js';

/** A pack project whose config names a TypeScript contract module, as `skillpack init` writes one. */
const dir = mkdtempSync(join(tmpdir(), 'skillpack-contract-commands-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REVIEW = reviewContractSource({ canonical: true });

writeReviewProject(dir, { contract: REVIEW, config: { targets: ['portable'] } });

async function cli(args: readonly string[], stdin = '', cwd = dir) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stdin: Readable.from([Buffer.from(stdin)]),
    cwd,
    env: {},
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

describe("every command sees the config's contract modules", { timeout: 60_000 }, () => {
  it('parse reads a user contract and prints its canonical JSON', async () => {
    const ran = await cli(
      ['parse', '--contract', 'acme.review', '--runtime', 'text'],
      'Done.\n{"verdict":"reject","reason":"No tests."}\n',
    );
    expect([ran.code, JSON.parse(ran.stdout)]).toEqual([
      0,
      { ok: true, contract: 'acme.review', runtime: 'text', value: { verdict: 'reject' } },
    ]);
    const wrong = await cli(
      ['parse', '--contract', 'acme.review', '--runtime', 'text'],
      '{"verdict":"maybe"}',
    );
    expect([wrong.code, JSON.parse(wrong.stdout).error.code]).toEqual([1, 'invalid_payload']);
  });

  it('parse --contracts works outside a pack project, and --config names one', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'skillpack-elsewhere-'));
    try {
      const text = '{"verdict":"approve","reason":"ok"}';
      const args = ['parse', '--contract', 'acme.review', '--runtime', 'text'];
      // Unknown without the module: a ConfigError, exit 1 like every command's.
      expect((await cli(args, text, elsewhere)).code).toBe(1);
      const module = join(dir, 'contracts', 'review.ts');
      expect((await cli([...args, '--contracts', module], text, elsewhere)).code).toBe(0);
      const config = join(dir, 'skillpack.config.json');
      expect((await cli([...args, '--config', config], text, elsewhere)).code).toBe(0);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("schemas and docs write the user's contracts alone; --builtin adds the built-ins", async () => {
    expect((await cli(['schemas', '--out', 'out/schemas'])).code).toBe(0);
    expect(readdirSync(join(dir, 'out', 'schemas')).sort()).toEqual([
      'acme.review.openai.schema.json',
      'acme.review.schema.json',
    ]);
    expect((await cli(['docs', '--out', 'out/docs'])).code).toBe(0);
    expect(readdirSync(join(dir, 'out', 'docs')).sort()).toEqual(['README.md', 'acme.md']);
    for (const page of ['acme.md', 'README.md'])
      expect(readFileSync(join(dir, 'out', 'docs', page), 'utf8')).not.toContain('@skillpack/core');
    expect((await cli(['schemas', '--builtin', '--out', 'out/all-schemas'])).code).toBe(0);
    const all = readdirSync(join(dir, 'out', 'all-schemas'));
    expect(all).toContain('acme.review.schema.json');
    expect(all).toContain('conflux.acceptance.schema.json');
  });

  it('build renders a skill that speaks the user contract, and check finds it clean', async () => {
    const built = await cli(['build']);
    expect(built.code, built.stderr).toBe(0);
    const skill = readFileSync(
      join(dir, 'dist', 'skill-packs', 'portable', 'skills', 'review', 'SKILL.md'),
      'utf8',
    );
    expect(skill).toContain('{"verdict":"approve","reason":"Tests pass."}');
    expect((await cli(['check'])).code).toBe(0);
    const manifest = JSON.parse(
      readFileSync(join(dir, 'dist', 'skill-packs', 'skillpack.manifest.json'), 'utf8'),
    );
    expect(manifest.sources.map((source: { path: string }) => source.path)).toContain('contracts/review.ts');
    const module = join(dir, 'contracts', 'review.ts');
    writeFileSync(module, REVIEW.replace('as one line of JSON', 'as one JSON line'));
    const stale = await cli(['check']);
    expect([stale.code, stale.stdout]).toEqual([1, expect.stringContaining('drifted')]);
    writeFileSync(module, REVIEW);
  });

  it("lint knows the module's contracts: a source speaking an unregistered one is an error", async () => {
    const clean = await cli(['lint', 'skills', '--runtime', 'portable']);
    expect(clean.code, clean.stdout).toBe(0);
    const other = join(dir, 'other-skills', 'typo');
    mkdirSync(other, { recursive: true });
    writeFileSync(
      join(other, 'skill.md'),
      '---\nname: typo\ndescription: Review with a typo. Use when testing.\ncontracts: [acme.reveiw]\n---\n\nReview.\n',
    );
    const typo = await cli(['lint', 'other-skills', '--runtime', 'portable']);
    expect(typo.code).toBe(1);
    expect(typo.stdout).toContain('other-skills/typo/skill.md:4  error  contract-unknown');
    expect(typo.stdout).toContain('"acme.reveiw"');
  });

  it('a broken module fails the command with the config file and the module named', async () => {
    const broken = join(dir, 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'bad.ts'), 'export const notAContract = 1;\n');
    writeFileSync(
      join(broken, 'skillpack.config.json'),
      JSON.stringify({
        name: 'b',
        version: '1.0.0',
        description: 'b',
        author: { name: 'b' },
        license: 'MIT',
        contracts: ['./bad.ts'],
      }),
    );
    for (const args of [['build'], ['schemas', '--out', 'x'], ['docs', '--out', 'x']]) {
      const ran = await cli(args, '', broken);
      expect(ran.code).toBe(1);
      expect(ran.stderr).toContain(
        'skillpack.config.json: The export "notAContract" of contract module "./bad.ts"',
      );
    }
  });
});
