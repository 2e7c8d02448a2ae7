import { describe, expect, it } from 'vitest';
import {
  declaredHookEntries,
  entryDigest,
  type HookEntry,
  mergeHookEntries,
  parseHookConfig,
  removeHookEntries,
} from '../../../src/runtimes/codex/hooks.js';

const FILE = '/p/.codex/hooks.json';
const PROGRAM = '/p/.codex/hooks/demo/skillpack-hook.cjs';
const ours = (contracts: string): HookEntry => ({
  event: 'Stop',
  group: { hooks: [{ type: 'command', command: `node "${PROGRAM}" codex ${contracts}`, timeout: 30 }] },
});
const mine = { hooks: [{ type: 'command', command: 'echo mine' }] };
const text = (hooks: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ ...extra, hooks });
const merge = (current: string | undefined, desired: HookEntry[], digests: string[] = [], force = false) =>
  mergeHookEntries({
    text: current,
    file: FILE,
    desired,
    recorded: digests.map((sha256) => ({ event: 'Stop', sha256 })),
    marker: PROGRAM,
    force,
  });
const changedText = (result: ReturnType<typeof merge>) => {
  if (!result.success || result.data.kind !== 'changed') throw new Error(JSON.stringify(result));
  return JSON.parse(result.data.text);
};

describe('mergeHookEntries', () => {
  it('creates the file, and adds next to a person’s own entries, keeping them and other keys', () => {
    expect(changedText(merge(undefined, [ours('a')]))).toEqual({ hooks: { Stop: [ours('a').group] } });
    const merged = changedText(merge(text({ Stop: [mine], PreToolUse: [mine] }, { note: 1 }), [ours('a')]));
    expect(merged).toEqual({ note: 1, hooks: { Stop: [mine, ours('a').group], PreToolUse: [mine] } });
  });

  it('is idempotent: the same entry already there is left unchanged', () => {
    const once = JSON.stringify(changedText(merge(text({ Stop: [mine] }), [ours('a')])));
    expect(merge(once, [ours('a')], [entryDigest(ours('a').group)])).toMatchObject({
      success: true,
      data: { kind: 'unchanged' },
    });
    // Adopted even when the lock does not know it yet: never a duplicate.
    expect(merge(once, [ours('a')])).toMatchObject({ success: true, data: { kind: 'unchanged' } });
  });

  it('replaces the recorded entry on upgrade and drops it when the pack no longer has a hook', () => {
    const before = text({ Stop: [mine, ours('a').group] });
    const recorded = [entryDigest(ours('a').group)];
    expect(changedText(merge(before, [ours('b')], recorded)).hooks.Stop).toEqual([mine, ours('b').group]);
    expect(changedText(merge(before, [], recorded)).hooks.Stop).toEqual([mine]);
  });

  it('reports an entry a person changed instead of overwriting it, unless forced', () => {
    const edited = { hooks: [{ type: 'command', command: `node "${PROGRAM}" codex --max-blocks 9` }] };
    const before = text({ Stop: [mine, edited] });
    const recorded = [entryDigest(ours('a').group)];
    const refused = merge(before, [ours('a')], recorded);
    expect(refused.success && refused.data.kind).toBe('modified');
    expect(changedText(merge(before, [ours('a')], recorded, true)).hooks.Stop).toEqual([
      mine,
      ours('a').group,
    ]);
  });

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['hooks not an object', '{"hooks":[]}'],
    ['an event not an array', '{"hooks":{"Stop":{}}}'],
  ])('refuses a file that is %s with hook_config_invalid naming the file, never throwing', (_, bad) => {
    const result = merge(bad, [ours('a')]);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.code).toBe('hook_config_invalid');
      expect(result.error.message).toContain(FILE);
    }
  });
});

describe('removeHookEntries', () => {
  const recorded = [{ event: 'Stop', sha256: entryDigest(ours('a').group) }];
  const remove = (current: string, createdFile: boolean) =>
    removeHookEntries({ text: current, file: FILE, recorded, marker: PROGRAM, createdFile });

  it('takes out exactly the recorded entry and keeps the rest', () => {
    const result = remove(text({ Stop: [mine, ours('a').group] }), true);
    expect(result.success && result.data.kind).toBe('changed');
    if (result.success && result.data.kind === 'changed')
      expect(JSON.parse(result.data.text)).toEqual({ hooks: { Stop: [mine] } });
  });

  it('deletes the file only when skillpack created it and nothing else is left', () => {
    expect(remove(text({ Stop: [ours('a').group] }), true)).toEqual({
      success: true,
      data: { kind: 'delete', modified: 0 },
    });
    const kept = remove(text({ Stop: [ours('a').group] }), false);
    expect(kept.success && kept.data.kind).toBe('changed');
    const other = remove(text({ Stop: [ours('a').group] }, { note: 1 }), true);
    expect(other.success && other.data.kind).toBe('changed');
  });

  it('keeps an entry a person changed, and counts it', () => {
    const edited = { hooks: [{ type: 'command', command: `node "${PROGRAM}" codex --max-blocks 9` }] };
    expect(remove(text({ Stop: [edited] }), true)).toEqual({
      success: true,
      data: { kind: 'unchanged', modified: 1 },
    });
  });
});

describe('declaredHookEntries', () => {
  const declared = text({
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the plugin-root placeholder of a built pack.
    Stop: [{ hooks: [{ type: 'command', command: 'node "${PLUGIN_ROOT}/hooks/skillpack-hook.cjs" codex' }] }],
  });

  it('points the command at the installed program', () => {
    const entries = declaredHookEntries(declared, 'pack/hooks.json', '/p/.codex/hooks/demo');
    expect(entries.success && entries.data[0]?.group).toEqual({
      hooks: [{ type: 'command', command: `node "${PROGRAM}" codex` }],
    });
  });

  it.each(['/a"b', '/a$b', '/a`b'])('refuses a folder %s the quoted command cannot hold', (dir) => {
    const entries = declaredHookEntries(declared, 'pack/hooks.json', dir);
    expect(entries.success || entries.error.code).toBe('hook_path_unquotable');
  });

  it('reads an empty object as no hooks', () => {
    expect(parseHookConfig('{}', FILE)).toEqual({ success: true, data: { root: {}, hooks: {} } });
  });
});
