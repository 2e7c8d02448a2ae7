import { describe, expect, it } from 'vitest';
import {
  addMcpApproval,
  addMcpEntry,
  mcpEntryDigest,
  removeMcpApproval,
  removeMcpEntry,
} from '../../src/install/mcp-config-edit.js';
import { MCP_KEY_MAX, type McpConfigFile, mcpServerKey } from '../../src/install/mcp-wiring.js';

const JSONC: McpConfigFile = { file: 'settings.json', syntax: 'jsonc', servers: ['mcpServers'] };
const JSON_FILE: McpConfigFile = { ...JSONC, syntax: 'json' };
const TOML: McpConfigFile = { file: 'config.toml', syntax: 'toml', servers: ['mcp_servers'] };
const ENTRY = { command: 'node', args: ['/abs/skillpack-mcp.cjs'] };
const ALLOW = {
  file: 'settings.local.json',
  syntax: 'json',
  array: ['permissions', 'allow'],
  rule: (key: string) => `mcp__${key}`,
} as const;

describe('mcpServerKey', () => {
  it.each([
    ['demo-pack', 'demo-pack'],
    ['@acme/review', 'acme_review'],
    ['a.b', 'a_b'],
  ])('%s -> %s', (pack, key) => expect(mcpServerKey(pack)).toBe(key));

  it.each(['@acme/a-very-long-review-pack-name', '1pack', '@x/yyyyyyyyyyyyyyyyyyyyyyyyyy'])(
    '%s: a key of at most %i characters, starting with a letter, distinct per pack',
    (pack) => {
      const key = mcpServerKey(pack);
      expect(key.length).toBeLessThanOrEqual(MCP_KEY_MAX);
      expect(key).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
      expect(mcpServerKey(`${pack}2`)).not.toBe(key);
    },
  );
});

describe('addMcpEntry / removeMcpEntry', () => {
  const remove = (
    text: string,
    config: McpConfigFile,
    extra: { prune: boolean; createdFile: boolean; prefix?: string },
  ) => removeMcpEntry({ text, config, key: 'pack', entry: ENTRY, recorded: mcpEntryDigest(ENTRY), ...extra });

  it('keeps comments and formatting of a JSONC file and takes exactly its entry out again', () => {
    const mine =
      '{\n    // mine\n    "mcpServers": {\n        "mine": {"command": "x"}\n    },\n    "theme": "dark"\n}';
    const added = addMcpEntry({ text: mine, config: JSONC, key: 'pack', entry: ENTRY, recorded: undefined });
    expect(added.kind).toBe('changed');
    const text = (added as { text: string }).text;
    expect(text).toContain('// mine');
    expect(remove(text, JSONC, { prune: false, createdFile: false })).toEqual({
      kind: 'changed',
      text: mine,
      deleteFile: false,
    });
  });

  it.each([
    ['not JSON', '{', JSON_FILE],
    ['comments where the runtime reads none', '{ // x\n}', JSON_FILE],
    ['an array', '[]', JSON_FILE],
    ['servers not an object', '{"mcpServers": []}', JSON_FILE],
  ])('refuses %s, never rewriting it', (_, text, config) => {
    const edit = addMcpEntry({ text, config, key: 'pack', entry: ENTRY, recorded: undefined });
    expect(edit.kind).toBe('refused');
    expect(edit).not.toHaveProperty('conflict');
  });

  it.each([
    ['a JSON entry of the same key', '{"mcpServers": {"pack": {"command": "mine"}}}', JSON_FILE],
    ['a TOML table of the same key', '[mcp_servers.pack]\ncommand = "mine"\n', TOML],
    ['a TOML sub-table of the same key', '[mcp_servers.pack.tools.x]\napproval_mode = "approve"\n', TOML],
  ])('refuses %s as a conflict', (_, text, config) => {
    const edit = addMcpEntry({ text, config, key: 'pack', entry: ENTRY, recorded: undefined });
    expect(edit).toMatchObject({ kind: 'refused', conflict: true });
  });

  it('replaces the entry it recorded (a moved program) and keeps a changed one as the user’s', () => {
    const old = { command: 'node', args: ['/old.cjs'] };
    const text = `{"mcpServers": {"pack": ${JSON.stringify(old)}}}`;
    const recorded = mcpEntryDigest(old);
    const replaced = addMcpEntry({ text, config: JSON_FILE, key: 'pack', entry: ENTRY, recorded });
    expect(JSON.parse((replaced as { text: string }).text).mcpServers.pack).toEqual(ENTRY);
    const changed = `{"mcpServers": {"pack": {"command": "node", "args": ["/abs/skillpack-mcp.cjs"], "env": {}}}}`;
    expect(remove(changed, JSON_FILE, { prune: true, createdFile: false })).toEqual({ kind: 'kept' });
  });

  it('appends a TOML table after a blank line and takes it out byte for byte', () => {
    const mine = '# mine\nmodel = "o3"';
    const added = addMcpEntry({ text: mine, config: TOML, key: 'pack', entry: ENTRY, recorded: undefined });
    const text = (added as { text: string }).text;
    expect(text).toBe(`${mine}\n\n[mcp_servers.pack]\nargs = ["/abs/skillpack-mcp.cjs"]\ncommand = "node"\n`);
    expect(remove(text, TOML, { prune: false, createdFile: false, prefix: '\n\n' })).toEqual({
      kind: 'changed',
      text: mine,
      deleteFile: false,
    });
  });
});

describe('addMcpApproval / removeMcpApproval', () => {
  it('appends the rule, records how deep the path existed, and restores the text', () => {
    const mine = '{\n  "permissions": {\n    "deny": ["Bash(rm:*)"]\n  }\n}\n';
    const added = addMcpApproval(mine, ALLOW, 'mcp__pack');
    expect(added).toMatchObject({ kind: 'changed', existing: 1 });
    const text = (added as { text: string }).text;
    expect(JSON.parse(text).permissions.allow).toEqual(['mcp__pack']);
    expect(removeMcpApproval(text, ALLOW, 'mcp__pack', 1, false)).toEqual({
      kind: 'changed',
      text: mine,
      deleteFile: false,
    });
  });

  it('leaves a rule the user already has alone (nothing to record)', () => {
    expect(addMcpApproval('{"permissions": {"allow": ["mcp__pack"]}}', ALLOW, 'mcp__pack')).toEqual({
      kind: 'unchanged',
    });
  });
});
