import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import {
  loadOpenCodePluginConfig,
  pluginConfigUrl,
  safeParseOpenCodePluginConfig,
} from '../../src/opencode/plugin-config.js';

describe('pluginConfigUrl', () => {
  it.each([
    ['file:///p/.opencode/plugins/acme.js', 'file:///p/.opencode/plugins/acme.json'],
    ['file:///p/dist/bundles/opencode-plugin.mjs', 'file:///p/dist/bundles/opencode-plugin.json'],
    ['file:///p/my.pack.v2.ts?update=3#x', 'file:///p/my.pack.v2.json'],
    ['file:///p.d/plugin', 'file:///p.d/plugin.json'],
  ])('%s -> %s', (moduleUrl, expected) => {
    expect(pluginConfigUrl(moduleUrl).href).toBe(expected);
  });
});

describe('safeParseOpenCodePluginConfig', () => {
  it('accepts the documented shape', () => {
    expect(safeParseOpenCodePluginConfig({ contracts: ['conflux.acceptance'], maxPrompts: 2 }, 'x')).toEqual({
      success: true,
      data: { contracts: ['conflux.acceptance'], maxPrompts: 2 },
    });
  });

  it.each([
    [undefined, '(root)'],
    [[], '(root)'],
    [{ contracts: 'conflux.acceptance' }, 'contracts'],
    [{ contracts: [] }, 'contracts'],
    [{ contracts: [''] }, 'contracts[0]'],
    [{ contracts: ['a.b'], maxPrompts: -1 }, 'maxPrompts'],
    [{ contracts: ['a.b'], maxPrompts: 1.5 }, 'maxPrompts'],
    [JSON.parse('{"contracts":["a.b"],"__proto__":{"x":1}}'), '(root)'],
  ])('refuses %j at %s with a ConfigError', (value, path) => {
    const parsed = safeParseOpenCodePluginConfig(value, 'acme.json');
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error).toBeInstanceOf(ConfigError);
    expect(parsed.error.code).toBe('invalid_plugin_config');
    expect(parsed.error.message).toMatch(/^acme\.json is not a valid skillpack plugin configuration/);
    expect(parsed.error.message).toContain('{"contracts":["conflux.acceptance"],"maxPrompts":2}');
    expect((parsed.error.details.issues as { path: string }[])[0]?.path).toBe(path);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('loadOpenCodePluginConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-plugin-config-'));
  const file = (name: string, content: string | Uint8Array) => {
    writeFileSync(join(dir, name), content);
    return pathToFileURL(join(dir, name));
  };

  it('reads a file with a BOM', async () => {
    const url = file('bom.json', '\uFEFF{"contracts":["conflux.acceptance"]}');
    expect(await loadOpenCodePluginConfig(url)).toEqual({
      success: true,
      data: { contracts: ['conflux.acceptance'] },
    });
  });

  it.each([
    ['missing.json', undefined, 'plugin_config_unreadable'],
    ['empty.json', '', 'invalid_plugin_config'],
    ['fragment.json', '{', 'invalid_plugin_config'],
    ['binary.json', new Uint8Array([0xff, 0xfe, 0x00]), 'invalid_plugin_config'],
    ['huge.json', `{"contracts":["${'a'.repeat(2 * 1024 * 1024)}"]}`, 'plugin_config_unreadable'],
  ])('reports %s as %s', async (name, content, code) => {
    const url = content === undefined ? pathToFileURL(join(dir, name)) : file(name, content);
    const loaded = await loadOpenCodePluginConfig(url);
    expect(loaded.success).toBe(false);
    if (!loaded.success) expect(loaded.error.code).toBe(code);
  });
});
