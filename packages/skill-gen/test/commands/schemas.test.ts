import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinContracts } from '@skillpack/core/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { cli } from '../_support/cli.js';
import { tempDir } from '../_support/temp.js';

describe('skillpack schemas', () => {
  it("with --builtin, writes every built-in contract's schema and strict variant, which validate its examples", async () => {
    const root = tempDir();
    const run = await cli(root, 'schemas', '--builtin', '--out', 'schemas');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Wrote ${builtinContracts.ids.length * 2} schemas for ${builtinContracts.ids.length} contracts into schemas.\n`,
    );
    const files = readdirSync(join(root, 'schemas')).sort();
    expect(files).toEqual(
      builtinContracts.ids.flatMap((id) => [`${id}.openai.schema.json`, `${id}.schema.json`]).sort(),
    );
    const ajv = new Ajv2020({ strict: false });
    for (const contract of builtinContracts.list()) {
      const validate = ajv.compile(
        JSON.parse(readFileSync(join(root, 'schemas', `${contract.id}.schema.json`), 'utf8')),
      );
      for (const example of contract.examples)
        expect(validate(example.value), `${contract.id} ${example.name}`).toBe(true);
    }
  });

  it('without a contract of your own or --builtin, writes nothing and says what to pass', async () => {
    const root = tempDir();
    const run = await cli(root, 'schemas', '--out', 'schemas');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no contract of your own is registered');
    expect(run.stderr).toContain('pass --builtin');
    expect(readdirSync(root)).toEqual([]);
  });

  it('requires --out', async () => {
    const run = await cli(tempDir(), 'schemas');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--out DIR is required');
  });
});
