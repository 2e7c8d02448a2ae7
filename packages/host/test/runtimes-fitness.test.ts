import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** One folder per runtime below it (`runtimes/<id>/`), the registry on its top floor. */
const RUNTIMES = 'runtimes';
const REGISTRY = 'runtimes/index.ts';

/** The folder each runtime keeps in a project or a home. */
const FOLDERS: Readonly<Record<RuntimeId, string>> = {
  'claude-code': '.claude',
  codex: '.codex',
  opencode: '.opencode',
  'gemini-cli': '.gemini',
  'copilot-cli': '.copilot',
  'qwen-code': '.qwen',
  pi: '.pi',
};

/** A file outside the runtime folders that names a runtime, each with why (one line). */
const ALLOWED: readonly { readonly file: string; readonly runtime: RuntimeId; readonly reason: string }[] = [
  {
    file: 'claude-agent-sdk.ts',
    runtime: 'claude-code',
    reason: 'the thin subpath entry re-exports its folder',
  },
  { file: 'codex-sdk.ts', runtime: 'codex', reason: 'the subpath entry is named after @openai/codex-sdk' },
  { file: 'copilot-sdk.ts', runtime: 'copilot-cli', reason: 'the thin subpath entry re-exports its folder' },
];

const allowed = (path: string, id: RuntimeId) =>
  ALLOWED.some((entry) => entry.file === path && entry.runtime === id);

const anyCase = (word: string) =>
  [...word].map((char) => (/[a-z]/i.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char));

/**
 * How a runtime is named: its id in any case with any separator (`claude-code`, `claudeCode`, `CLAUDE_CODE`,
 * `Claude Code`) starting a word or a camel-case hump (`trustCodexHooks`) and not run on into a longer lower-case
 * word (`openCodex` names Codex, not OpenCode), or its folder. A short id is often the tail of a longer word
 * (`api`, `API_KEY` hold `pi`): inside a word it names nothing.
 */
function namePattern(id: RuntimeId): RegExp {
  const words = id.split('-').map((word) => anyCase(word).join(''));
  const folder = FOLDERS[id].replace('.', '\\.');
  const start = '(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))';
  return new RegExp(`${start}${words.join('[-_ ]?')}(?![a-z])|${folder}(?![A-Za-z])`);
}

/** Every file below `dir`, as a `/`-separated path relative to SRC. */
function files(dir = SRC, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** The runtime whose folder holds `path`, or `undefined`. */
function folderOf(path: string): string | undefined {
  const [top, id, rest] = path.split('/');
  return top === RUNTIMES && rest !== undefined ? id : undefined;
}

/** Each name of a runtime in a file (its path included) outside that runtime's folder and the registry. */
function misplacedNames(): string[] {
  const found: string[] = [];
  for (const path of files()) {
    if (path === REGISTRY) continue;
    const text = `${path}\n${readFileSync(join(SRC, path), 'utf8')}`;
    for (const id of RUNTIME_IDS) {
      if (folderOf(path) === id || allowed(path, id)) continue;
      for (const match of text.matchAll(new RegExp(namePattern(id), 'g'))) {
        const line = text.slice(0, match.index).split('\n').length - 1;
        found.push(`${path}:${line}: ${match[0]} (${id})`);
      }
    }
  }
  return found;
}

describe('fitness: a runtime is named only in its own folder and the registry', () => {
  it('every runtime has a folder below src/runtimes', () => {
    const folders = files()
      .map(folderOf)
      .filter((id) => id !== undefined);
    expect([...new Set(folders)].sort()).toEqual([...RUNTIME_IDS].sort());
  });

  it('the name pattern finds every spelling of a runtime and nothing longer', () => {
    const codex = namePattern('codex');
    expect(
      ['codex', 'Codex', 'CODEX_HOME', 'codexHost', 'trustCodexHooks', '.codex/'].every((text) =>
        codex.test(text),
      ),
    ).toBe(true);
    const openCode = namePattern('opencode');
    expect(
      ['OpenCode', 'openCodeHost', 'OPENCODE_CONFIG', '.opencode'].every((text) => openCode.test(text)),
    ).toBe(true);
    expect(openCode.test('openCodexAppServer')).toBe(false);
    expect(codex.test('precodex')).toBe(false);
    expect(
      ['api', 'API_KEY', 'getApiKey', 'rapid', 'pipe', '.pipeline'].some((text) =>
        namePattern('pi').test(text),
      ),
    ).toBe(false);
    expect(
      ['pi', 'Pi', 'piSetup', 'spawnPi', 'PI_OFFLINE', '~/.pi/agent'].every((text) =>
        namePattern('pi').test(text),
      ),
    ).toBe(true);
    expect(namePattern('claude-code').test('Claude Code')).toBe(true);
    expect(namePattern('claude-code').test('~/.claude/settings.json')).toBe(true);
  });

  it('no file of src outside a runtime folder and the registry names a runtime', () => {
    expect(misplacedNames()).toEqual([]);
  });

  it('every allowed name is still there (a stale entry would hide a new one)', () => {
    for (const entry of ALLOWED) {
      const text = `${entry.file}\n${readFileSync(join(SRC, entry.file), 'utf8')}`;
      expect(namePattern(entry.runtime).test(text), entry.file).toBe(true);
    }
  });
});
