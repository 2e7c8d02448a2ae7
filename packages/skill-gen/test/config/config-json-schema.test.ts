import { readFileSync, writeFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { packConfigJsonSchema } from '../../src/config/config-json-schema.js';
import { safeParsePackConfig } from '../../src/config/load-pack-config.js';
import { toStableJson } from '../../src/json/stable-json.js';
import { configText, goldenDir } from '../_support/temp.js';

const schema = packConfigJsonSchema();
const shippedFile = new URL('../../schemas/skillpack.config.schema.json', import.meta.url);

describe('the shipped JSON Schema of skillpack.config.json', () => {
  // Compared as data: the repository's formatter may re-wrap the JSON. To regenerate the file, run
  // SKILLPACK_WRITE_CONFIG_SCHEMA=1 npx vitest run test/config/config-json-schema.test.ts
  it('is the file the package ships', () => {
    if (process.env.SKILLPACK_WRITE_CONFIG_SCHEMA === '1') writeFileSync(shippedFile, toStableJson(schema));
    expect(JSON.parse(readFileSync(shippedFile, 'utf8'))).toEqual(schema);
  });

  const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);

  it.each([
    ['the golden fixture config', readFileSync(`${goldenDir}skillpack.config.json`, 'utf8')],
    ['a minimal config', configText()],
    [
      'a config with hooks',
      configText({ hooks: { 'conflux.acceptance': { events: ['Stop'], maxBlocks: 2 } } }),
    ],
    ['a bad name', configText({ name: 'Bad Name' })],
    ['an unknown key', configText({ skils: [] })],
    ['an unknown target', configText({ targets: ['cursor'] })],
    ['a malformed hook id', configText({ hooks: { X: {} } })],
    ['a missing author', JSON.stringify({ name: 'a', version: '1.0.0', description: 'd', license: 'MIT' })],
  ] as const)('agrees with the zod schema on %s', (_label, text) => {
    const json = JSON.parse(text);
    expect(validate(json)).toBe(safeParsePackConfig(text, 'skillpack.config.json').success);
  });
});
