import { describe, expect, it } from 'vitest';
import { pluginTable } from '../../../src/runtimes/codex/plugin-toml.js';
import { appendTable, withoutAppendedTable } from '../../../src/runtimes/codex/toml-table.js';
import {
  addGrants,
  type CodexTrustJournal,
  type CodexTrustRequest,
  grantTable,
  releaseGrants,
} from '../../../src/runtimes/codex/trust-grants.js';

const HASH = `sha256:${'a'.repeat(64)}`;
const NEWER = `sha256:${'b'.repeat(64)}`;
const PROJECT: CodexTrustRequest = { kind: 'project', key: '/work/p' };
const HOOK: CodexTrustRequest = { kind: 'hook', key: '/work/p/.codex/hooks.json:stop:1:0', hash: HASH };
const OWNER = { root: '/work/p', pack: 'demo-pack' };
const EMPTY: CodexTrustJournal = { grants: [] };
const all = () => true;

describe("Codex trust grants: skillpack's tables in config.toml, added and taken out byte for byte", () => {
  it('writes the tables Codex reads', () => {
    expect(grantTable(PROJECT)).toBe('[projects."/work/p"]\ntrust_level = "trusted"\n');
    expect(grantTable(HOOK)).toBe(
      `[hooks.state."/work/p/.codex/hooks.json:stop:1:0"]\ntrusted_hash = "${HASH}"\n`,
    );
  });

  it.each([
    ['no config.toml', undefined],
    ['an empty one', ''],
    [
      'comments and no final newline',
      '# mine\nmodel = "gpt-5.5"  # keep\n[projects."/other"]\ntrust_level = "trusted"',
    ],
    ['CRLF lines', '# mine\r\n[a]\r\nb = 1\r\n'],
  ])('%s: uninstall gives the file back as it was', (_, before) => {
    const added = addGrants(before, EMPTY, [PROJECT, HOOK], OWNER);
    expect(added.added.map((grant) => grant.kind)).toEqual(['project', 'hook']);
    expect(added.text.startsWith(before ?? '')).toBe(true);
    expect(added.text).toContain(grantTable(PROJECT));
    expect(added.text).toContain(grantTable(HOOK));
    expect(added.journal.createdFile === true).toBe(before === undefined);
    const released = releaseGrants(added.text, added.journal, all);
    expect(released.removed).toHaveLength(2);
    expect(released.journal.grants).toEqual([]);
    expect(released.deleteFile).toBe(before === undefined);
    expect(released.text).toBe(before ?? '');
  });

  it("keeps the person's own table for a key, and says why", () => {
    const mine = `[projects."/work/p"]\ntrust_level = "untrusted"\n\n[hooks.state.'${HOOK.key}']\ntrusted_hash = "sha256:old"\n`;
    const added = addGrants(mine, EMPTY, [PROJECT, HOOK], OWNER);
    expect(added.text).toBe(mine);
    expect(added.added).toEqual([]);
    expect(added.left).toEqual([
      expect.stringContaining('already has a table for /work/p'),
      expect.stringContaining(`set its trusted_hash = "${HASH}"`),
    ]);
  });

  it('replaces its own earlier grant of a hook whose hash changed (an upgrade), and nothing else', () => {
    const first = addGrants('model = "m"\n', EMPTY, [HOOK], OWNER);
    const upgraded = addGrants(first.text, first.journal, [{ ...HOOK, hash: NEWER }], OWNER);
    expect(upgraded.text).toBe(`model = "m"\n\n${grantTable({ ...HOOK, hash: NEWER })}`);
    expect(upgraded.journal.grants).toEqual([{ ...HOOK, hash: NEWER, ...OWNER, prefix: '\n' }]);
  });

  it('leaves a table the person changed since (and names it), and what other grants it is not asked to release', () => {
    const other = { root: '/work/q', pack: 'demo-pack' };
    const first = addGrants(undefined, EMPTY, [HOOK], OWNER);
    const second = addGrants(first.text, first.journal, [{ kind: 'project', key: '/work/q' }], other);
    const edited = second.text.replace(HASH, NEWER);
    const released = releaseGrants(edited, second.journal, (grant) => grant.root === '/work/p');
    expect(released.removed).toEqual([]);
    expect(released.changed.map((grant) => grant.key)).toEqual([HOOK.key]);
    expect(released.text).toBe(edited);
    expect(released.journal.grants.map((grant) => grant.root)).toEqual(['/work/q']);
    expect(released.deleteFile).toBe(false);
    // A grant no longer in the file at all leaves the journal silently.
    const gone = releaseGrants('', released.journal, all);
    expect(gone).toMatchObject({ removed: [], changed: [], deleteFile: true, journal: { grants: [] } });
  });

  it('gives the file back when the plugin table appended before a grant goes first (a user-scope uninstall)', () => {
    const original = 'model = "gpt-5.5"';
    const plugin = appendTable(original, pluginTable('demo@demo'));
    const grant = addGrants(plugin.text, EMPTY, [HOOK], OWNER);
    const withoutPlugin = withoutAppendedTable(grant.text, pluginTable('demo@demo'), plugin.prefix);
    expect(releaseGrants(withoutPlugin, grant.journal, all).text).toBe(original);
  });

  it('takes grants out in any order, to the last byte', () => {
    const requests = ['a', 'b', 'c'].map((name) => ({
      kind: 'hook' as const,
      key: `/${name}:stop:0:0`,
      hash: HASH,
    }));
    for (const order of [
      [0, 1, 2],
      [2, 1, 0],
      [1, 0, 2],
      [0, 2, 1],
    ]) {
      let { text, journal } = addGrants(undefined, EMPTY, requests, OWNER);
      for (const index of order) {
        const released = releaseGrants(text, journal, (grant) => grant.key === requests[index]!.key);
        ({ journal } = released);
        text = released.text ?? '';
        expect(released.removed).toHaveLength(1);
      }
      expect(text).toBe('');
    }
  });
});
