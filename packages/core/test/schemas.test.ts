import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { builtinContracts } from '../src/contracts.js';

// The files `scripts/write-schemas.mjs` writes after `tsc`; the package serves them as `./schemas/*`.
const schemasDir = new URL('../dist/schemas/', import.meta.url);
const built = existsSync(new URL('index.json', schemasDir));

function readText(file: string): string {
  return readFileSync(new URL(file, schemasDir), 'utf8');
}

function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeysDeep((value as Record<string, unknown>)[key])]),
  );
}

/**
 * Strict ajv, except `strictRequired`: a refinement documented as `anyOf: [{ required: [x] }, …]` (for
 * example ZaoFu's "test_plan or verification_command") names properties declared by the parent, which draft
 * 2020-12 allows and strict ajv flags.
 */
function createAjv(): Ajv2020 {
  return new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
}

interface IndexEntry {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly delivery: string;
  readonly file: string;
  readonly openaiFile: string;
}

const contracts = builtinContracts.list().map((contract) => [contract.id, contract] as const);

describe.runIf(built)('published JSON Schemas (dist/schemas)', () => {
  const index = JSON.parse(readText('index.json')) as { schemaVersion: number; contracts: IndexEntry[] };

  it('index.json lists every registered contract with its version and files, and nothing else', () => {
    expect(index.schemaVersion).toBe(1);
    expect(index.contracts.map((entry) => entry.id)).toEqual(builtinContracts.ids);
    for (const entry of index.contracts) {
      const contract = builtinContracts.require(entry.id);
      expect(entry).toEqual({
        id: contract.id,
        version: contract.version,
        title: contract.title,
        delivery: contract.delivery,
        file: `${contract.id}.json`,
        openaiFile: `${contract.id}.openai.json`,
      });
    }
    const listed = index.contracts.flatMap((entry) => [entry.file, entry.openaiFile]);
    expect(readdirSync(schemasDir).sort()).toEqual(['index.json', ...listed].sort());
  });

  it.each(contracts)('%s.json equals contract.toJSONSchema(), in stable key order', (id, contract) => {
    const text = readText(`${id}.json`);
    expect(JSON.parse(text)).toEqual(contract.toJSONSchema());
    expect(text).toBe(`${JSON.stringify(sortKeysDeep(contract.toJSONSchema()), null, 2)}\n`);
    expect(text.includes('\r')).toBe(false);
  });

  it.each(contracts)('%s.openai.json equals the OpenAI-strict variant', (id, contract) => {
    expect(JSON.parse(readText(`${id}.openai.json`))).toEqual(contract.toJSONSchema({ variant: 'openai' }));
  });

  it.each(contracts)(
    '%s: every example validates against the file with ajv (draft 2020-12)',
    (id, contract) => {
      const ajv = createAjv();
      const validate = ajv.compile(JSON.parse(readText(`${id}.json`)));
      expect(contract.examples.length).toBeGreaterThan(0);
      for (const example of contract.examples) {
        const valid = validate(example.value);
        expect({ example: example.name, valid, errors: validate.errors ?? null }).toEqual({
          example: example.name,
          valid: true,
          errors: null,
        });
      }
    },
  );

  it.each(contracts)('%s: ajv rejects what is not a payload at all', (id, contract) => {
    const validate = createAjv().compile(JSON.parse(readText(`${id}.json`)));
    for (const junk of [null, 42, 'text', [], true]) {
      expect(contract.validate(junk).success).toBe(false);
      expect(validate(junk)).toBe(false);
    }
  });
});

describe.runIf(!built)('published JSON Schemas (dist/schemas)', () => {
  it('needs the built package', () => {
    expect.fail('dist/schemas/index.json is missing: run `npm run build -w @skillpack/core` first.');
  });
});
