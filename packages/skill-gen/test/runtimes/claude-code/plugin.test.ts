import { describe, expect, it } from 'vitest';
import { removeMemberAt, setMemberAt } from '../../../src/install/json-edit.js';
import {
  mergePluginSettings,
  pluginSteps,
  pluginTargetPath,
  removePluginSettings,
} from '../../../src/runtimes/claude-code/plugin.js';

const want = { marketplace: 'acme', plugin: 'acme', path: '/p/.claude/skillpack-plugins/acme' };

describe('setMemberAt / removeMemberAt', () => {
  it('adds a member and takes it out again byte for byte, containers included', () => {
    for (const text of ['{\n    "a": 1\n}\n', '{"a": 1}', '{}\n', '{\r\n\t"a": {}\r\n}\r\n']) {
      const added = setMemberAt(text, ['enabledPlugins'], 'x@y', true);
      expect(added).toBeDefined();
      expect(JSON.parse(added!)).toMatchObject({ enabledPlugins: { 'x@y': true } });
      expect(removeMemberAt(added!, ['enabledPlugins'], 'x@y', true)).toBe(text);
    }
  });

  it('keeps a container skillpack did not create when pruning is off', () => {
    const text = '{\n  "enabledPlugins": {}\n}\n';
    const added = setMemberAt(text, ['enabledPlugins'], 'x@y', true)!;
    expect(removeMemberAt(added, ['enabledPlugins'], 'x@y', false)).toBe(text);
  });

  it('refuses a member already there or a path through a non-object', () => {
    expect(setMemberAt('{"e": {"k": 1}}', ['e'], 'k', 2)).toBeUndefined();
    expect(setMemberAt('{"e": []}', ['e'], 'k', 2)).toBeUndefined();
    expect(removeMemberAt('{"e": {}}', ['e'], 'k', true)).toBeUndefined();
  });
});

describe('mergePluginSettings / removePluginSettings', () => {
  it('declares the marketplace and enables the plugin, keeping every other byte; removal restores them', () => {
    const text = '{\n    "model": "x",\n    "permissions": {"allow": ["Bash(ls)"]}\n}\n';
    const merged = mergePluginSettings(text, want, undefined);
    expect(merged.kind).toBe('changed');
    if (merged.kind !== 'changed') return;
    expect(
      merged.text.startsWith('{\n    "model": "x",\n    "permissions": {"allow": ["Bash(ls)"]},\n'),
    ).toBe(true);
    expect(JSON.parse(merged.text)).toEqual({
      model: 'x',
      permissions: { allow: ['Bash(ls)'] },
      extraKnownMarketplaces: { acme: { source: { source: 'directory', path: want.path } } },
      enabledPlugins: { 'acme@acme': true },
    });
    expect(merged.added).toEqual({
      marketplace: true,
      enabled: true,
      createdObjects: ['extraKnownMarketplaces', 'enabledPlugins'],
    });
    expect(mergePluginSettings(merged.text, want, merged.added).kind).toBe('unchanged');
    const removed = removePluginSettings(merged.text, want, merged.added, false);
    expect(removed).toEqual({ kind: 'changed', text, deleteFile: false });
  });

  it('leaves the containers a person had, and keys a person set, in place on removal', () => {
    const text = '{\n  "enabledPlugins": {\n    "other@m": true\n  }\n}\n';
    const merged = mergePluginSettings(text, want, undefined);
    if (merged.kind !== 'changed') throw new Error(merged.kind);
    expect(merged.added.createdObjects).toEqual(['extraKnownMarketplaces']);
    const removed = removePluginSettings(merged.text, want, merged.added, false);
    expect(removed).toEqual({ kind: 'changed', text, deleteFile: false });
    const theirs = '{"enabledPlugins": {"acme@acme": true}}';
    const owned = mergePluginSettings(theirs, want, undefined);
    if (owned.kind !== 'changed') throw new Error(owned.kind);
    expect(owned.added.enabled).toBe(false);
    const back = removePluginSettings(owned.text, want, owned.added, false);
    expect(back).toEqual({ kind: 'changed', text: theirs, deleteFile: false });
  });

  it('creates the file when there is none, and says to delete it once only its keys went', () => {
    const merged = mergePluginSettings(undefined, want, undefined);
    if (merged.kind !== 'changed') throw new Error(merged.kind);
    const removed = removePluginSettings(merged.text, want, merged.added, true);
    expect(removed.kind === 'changed' && removed.deleteFile).toBe(true);
  });

  it('refuses comments, invalid JSON and a key set to something else, losing nothing', () => {
    expect(mergePluginSettings('{ // mine\n}', want, undefined).kind).toBe('invalid');
    expect(mergePluginSettings('{"model": ', want, undefined).kind).toBe('invalid');
    expect(mergePluginSettings('[]', want, undefined).kind).toBe('invalid');
    expect(mergePluginSettings('{"enabledPlugins": []}', want, undefined).kind).toBe('invalid');
    expect(mergePluginSettings('{"enabledPlugins": {"acme@acme": false}}', want, undefined).kind).toBe(
      'invalid',
    );
    expect(
      mergePluginSettings('{"extraKnownMarketplaces": {"acme": {"source": "github"}}}', want, undefined).kind,
    ).toBe('invalid');
  });

  it('keeps a member a person changed since install', () => {
    const merged = mergePluginSettings('{}', want, undefined);
    if (merged.kind !== 'changed') throw new Error(merged.kind);
    const changed = merged.text.replace('true', 'false');
    const removed = removePluginSettings(changed, want, merged.added, false);
    expect(removed.kind).toBe('changed');
    if (removed.kind === 'changed')
      expect(JSON.parse(removed.text)).toEqual({ enabledPlugins: { 'acme@acme': false } });
  });
});

describe('the plugin form layout and steps', () => {
  it('maps the marketplace files of the pack into .claude/skillpack-plugins/<pack>/', () => {
    expect(pluginTargetPath('acme', 'claude-code/.claude-plugin/marketplace.json')).toBe(
      '.claude/skillpack-plugins/acme/.claude-plugin/marketplace.json',
    );
    expect(pluginTargetPath('acme', 'claude-code/plugin/hooks/hooks.json')).toBe(
      '.claude/skillpack-plugins/acme/plugin/hooks/hooks.json',
    );
    expect(pluginTargetPath('acme', 'claude-code/.claude/skills/a/SKILL.md')).toBeUndefined();
  });

  it('prints the exact commands, quoted', () => {
    expect(pluginSteps('project', "/my project's", want)).toEqual([
      "cd '/my project'\\''s'",
      'claude plugin marketplace add /p/.claude/skillpack-plugins/acme --scope project',
      'claude plugin install acme@acme --scope project',
    ]);
  });
});
