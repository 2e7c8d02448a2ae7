import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPackConfig, safeParsePackConfig } from '../../src/config/load-pack-config.js';
import { buildPack, planPack } from '../../src/runtimes/runtime-pack.js';
import { configText, tempDir, writeTree } from '../_support/temp.js';

const FILE = 'skillpack.config.json';
const pkg = (manifest: Record<string, unknown>) => ({ text: JSON.stringify(manifest), file: 'package.json' });
const { version: _version, ...noVersion } = JSON.parse(configText()) as Record<string, unknown>;

describe('the pack version: package.json beside the config, else the config', () => {
  it.each([
    ['package.json only', configText({ version: undefined }), pkg({ version: '2.0.0' }), '2.0.0'],
    ['both, equal', configText({ version: '2.0.0' }), pkg({ version: '2.0.0' }), '2.0.0'],
    ['config only, no package.json', configText({ version: '0.3.0' }), undefined, '0.3.0'],
    [
      'config only, a package.json without a version',
      configText({ version: '0.3.0' }),
      pkg({ private: true }),
      '0.3.0',
    ],
  ] as const)('%s', (_name, config, packageJson, expected) => {
    const result = safeParsePackConfig(config, FILE, packageJson);
    expect(result.success && result.data.version).toBe(expected);
  });

  it('refuses two different versions with config_version_conflict, naming both files', () => {
    const result = safeParsePackConfig(configText({ version: '1.2.0' }), FILE, pkg({ version: '1.3.0' }));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.code).toBe('config_version_conflict');
    expect(result.error.message).toMatch(/1\.2\.0 here and 1\.3\.0 in package\.json/);
    expect(result.error.details).toMatchObject({ configVersion: '1.2.0', packageVersion: '1.3.0' });
  });

  it.each([
    ['no package.json', undefined],
    ['a package.json without one', pkg({ name: 'x' })],
  ] as const)('no version anywhere (%s) is config_version_missing', (_name, packageJson) => {
    const result = safeParsePackConfig(JSON.stringify(noVersion), FILE, packageJson);
    expect(!result.success && result.error.code).toBe('config_version_missing');
  });

  it.each([
    ['not JSON', { text: '{', file: 'package.json' }],
    ['a version that is no semver', pkg({ version: 'one' })],
    ['a version that is a number', pkg({ version: 1 })],
  ] as const)('a package.json with %s is package_json_invalid', (_name, packageJson) => {
    const result = safeParsePackConfig(JSON.stringify(noVersion), FILE, packageJson);
    expect(!result.success && result.error.code).toBe('package_json_invalid');
  });

  it('names the portable package after the package.json beside the config, unless the config names it', () => {
    const inferred = safeParsePackConfig(
      configText({ version: undefined }),
      FILE,
      pkg({ name: '@acme/demo', version: '1.0.0' }),
    );
    expect(inferred.success && inferred.data.portable.packageName).toBe('@acme/demo');
    const named = safeParsePackConfig(
      configText({ version: undefined, portable: { packageName: '@acme/other' } }),
      FILE,
      pkg({ name: '@acme/demo', version: '1.0.0' }),
    );
    expect(named.success && named.data.portable.packageName).toBe('@acme/other');
    const none = safeParsePackConfig(configText(), FILE);
    expect(none.success && none.data.portable.packageName).toBeUndefined();
  });

  it('loadPackConfig and a build read the package.json beside the config, which joins the build inputs', async () => {
    const dir = tempDir();
    writeTree(dir, {
      'skillpack.config.json': JSON.stringify({ ...noVersion, targets: ['portable'] }),
      'package.json': JSON.stringify({ name: '@acme/demo', version: '4.5.6' }),
      'skills/demo/skill.md': '---\nname: demo\ndescription: A demo skill. Use when testing.\n---\n# Demo\n',
    });
    const { config } = await loadPackConfig(join(dir, FILE));
    expect(config.version).toBe('4.5.6');
    const plan = await planPack({ cwd: dir });
    expect(plan.reads.files).toContain('package.json');
    await buildPack({ cwd: dir });
    const portable = JSON.parse(readFileSync(join(dir, 'dist/skill-packs/portable/package.json'), 'utf8'));
    expect(portable).toMatchObject({ name: '@acme/demo', version: '4.5.6' });
  });
});
