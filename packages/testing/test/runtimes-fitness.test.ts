import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** One folder per runtime below it (`_runtimes/<id>/`), the registry on its top floor. */
const RUNTIMES = '_runtimes';
/**
 * The registry: the setups (`RUNTIME_SETUPS`, `SDK_SETUPS`), and apart from them the options only one runtime
 * reads (`RuntimeRunOptions`), which the setups' own context names, so that no setup imports the setups.
 */
const REGISTRY = ['_runtimes/registry.ts', '_runtimes/runtime-run-options.ts'];

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

const anyCase = (word: string) =>
  [...word].map((char) => (/[a-z]/i.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char));

/**
 * A runtime named in a file outside its folder where the name is not that file's runtime fact, each with why.
 */
const ALLOWED: readonly { readonly file: string; readonly runtime: RuntimeId; readonly reason: string }[] = [
  {
    file: 'index.ts',
    runtime: 'codex',
    reason:
      'the public names trustCodexHooks, TrustCodexHooksOptions and TrustedCodexHook, re-exported from the registry',
  },
  {
    file: '_runtimes/opencode/ripgrep.ts',
    runtime: 'codex',
    reason: 'an OpenCode fact: without rg on PATH it takes the rg of the Codex npm package',
  },
  {
    file: 'sdk-options.ts',
    runtime: 'codex',
    reason: 'the public SDK name codex-sdk (`@openai/codex-sdk`) in the doc of scriptedSdkOptions',
  },
  {
    file: '_runtimes/copilot-cli/setup.ts',
    runtime: 'claude-code',
    reason: 'a Copilot CLI fact: it loads project hooks from .claude/settings.json too',
  },
];

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
    if (REGISTRY.includes(path)) continue;
    const text = `${path}\n${readFileSync(join(SRC, path), 'utf8')}`;
    for (const id of RUNTIME_IDS) {
      if (folderOf(path) === id) continue;
      if (ALLOWED.some((allowed) => allowed.file === path && allowed.runtime === id)) continue;
      for (const match of text.matchAll(new RegExp(namePattern(id), 'g'))) {
        const line = text.slice(0, match.index).split('\n').length - 1;
        found.push(`${path}:${line}: ${match[0]} (${id})`);
      }
    }
  }
  return found;
}

describe('fitness: a runtime is named only in its own folder and the registry', () => {
  it('every runtime has a folder below src/_runtimes', () => {
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

  it.each(ALLOWED)('$file still names $runtime ($reason)', ({ file, runtime }) => {
    expect(namePattern(runtime).test(readFileSync(join(SRC, file), 'utf8'))).toBe(true);
  });
});
