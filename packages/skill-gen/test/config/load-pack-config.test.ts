import { ConfigError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, safeParsePackConfig } from '../../src/config/load-pack-config.js';
import { TARGET_IDS } from '../../src/targets/target-id.js';
import { JUNK_INPUTS, prototypeIsClean } from '../_support/junk.js';
import { configText } from '../_support/temp.js';

const FILE = 'skillpack.config.json';

function failure(text: unknown) {
  const result = safeParsePackConfig(text, FILE);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('safeParsePackConfig', () => {
  it('fills the documented defaults', () => {
    const result = safeParsePackConfig(configText(), FILE);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toMatchObject({
      skills: ['skills'],
      targets: [...TARGET_IDS],
      out: 'dist/skill-packs',
      hooks: {},
      keywords: [],
      codex: { category: 'Productivity', installation: 'AVAILABLE', authentication: 'ON_INSTALL' },
    });
  });

  it('accepts the contract ids people write: lower_snake and kebab segments', () => {
    const result = safeParsePackConfig(
      configText({ hooks: { 'shop.refund_decision': {}, 'acme.code-review': {} } }),
      FILE,
    );
    expect(result.success && Object.keys(result.data.hooks)).toEqual([
      'shop.refund_decision',
      'acme.code-review',
    ]);
  });

  it('fills hook defaults per contract', () => {
    const result = safeParsePackConfig(configText({ hooks: { 'conflux.acceptance': {} } }), FILE);
    expect(result.success && result.data.hooks['conflux.acceptance']).toEqual({
      events: ['Stop'],
      timeout: 30,
    });
  });

  it.each([
    ['a name that is not kebab-case', { name: 'Demo Pack' }, 'config key "name"', /kebab-case/],
    ['an unknown key', { skils: ['x'] }, 'unknown key "skils"', /"skills"/],
    ['an unknown target', { targets: ['cursor'] }, 'config key "targets[0]"', /"claude-code", "codex"/],
    ['a bad version', { version: 'one' }, 'config key "version"', /semantic version/],
    [
      'a hook for a malformed contract id',
      { hooks: { NotAnId: {} } },
      'config key "hooks.NotAnId"',
      /"family\.name".*the nearest valid id is "acme\.notanid"/,
    ],
    [
      'maxBlocks above the Claude Code limit',
      { hooks: { 'a.b': { maxBlocks: 9 } } },
      'config key "hooks.a.b.maxBlocks"',
      /<=8/,
    ],
  ] as const)('names the key and the fix for %s', (_label, overrides, where, fix) => {
    const error = failure(configText(overrides));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.code).toBe('config_invalid');
    expect(error.message.toLowerCase()).toContain(where.toLowerCase());
    expect(String(error.details.fix)).toMatch(fix);
    expect(error.details.file).toBe(FILE);
  });

  it('reports a missing required key', () => {
    const error = failure(JSON.stringify({ name: 'x', version: '1.0.0', description: 'd', license: 'MIT' }));
    expect(error.message).toContain('Config key "author" is required but missing');
  });

  it('points at the line of the offending key', () => {
    const text =
      '{\n  "name": "demo",\n  "version": "1.0.0",\n  "description": "d",\n  "author": { "name": "A" },\n  "license": "MIT",\n  "targets": ["nope"]\n}\n';
    expect(failure(text).details.line).toBe(7);
  });

  it('reports a JSON syntax error with its line when the parser gives a position', () => {
    const error = failure('{\n  "name": "demo",\n  oops\n}');
    expect(error.code).toBe('config_invalid_json');
    expect(error.message).toMatch(/^skillpack\.config\.json(:3)?: The pack config is not valid JSON/);
  });

  it('accepts a BOM and CRLF line ends', () => {
    expect(safeParsePackConfig(`\ufeff${configText().replace(/,/g, ',\r\n')}`, FILE).success).toBe(true);
  });

  it('refuses an oversized file before parsing it', () => {
    expect(failure(' '.repeat(MAX_CONFIG_BYTES + 1)).code).toBe('config_too_large');
  });

  it.each(JUNK_INPUTS)('returns a typed failure for %s', (_label, input) => {
    let result: ReturnType<typeof safeParsePackConfig> | undefined;
    expect(() => {
      result = safeParsePackConfig(input, FILE);
    }).not.toThrow();
    expect(result?.success).toBe(false);
    if (result && !result.success) {
      expect(result.error).toBeInstanceOf(ConfigError);
      expect(result.error.code).toMatch(/^config_(invalid|invalid_json|too_large)$/);
      expect(result.error.message.length).toBeLessThan(2000);
    }
    expect(prototypeIsClean()).toBe(true);
  });

  it('keeps a __proto__ hook key from polluting prototypes', () => {
    const text = configText({}).replace(/}$/, ',"hooks":{"__proto__":{"events":["Stop"]}}}');
    const result = safeParsePackConfig(text, FILE);
    expect(result.success).toBe(false);
    expect(prototypeIsClean()).toBe(true);
  });
});
