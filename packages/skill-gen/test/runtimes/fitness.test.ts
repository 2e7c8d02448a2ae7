import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/**
 * Runtime ids, the bare names the code abbreviates them to (as a CLI command too: `codex exec`), and the folders the
 * runtimes keep in a project. Lower case only: a runtime's title in prose (`Claude Code`, `Codex (0.169.0)`) is
 * a message to a person, not a fact the code acts on.
 */
const IN_TEXT = new RegExp(
  [
    `\\b(?:${RUNTIME_IDS.join('|')})\\b`,
    // `claude.ai` is Anthropic's website (its upload rules), not the runtime.
    '\\b(?:claude(?!\\.ai)|codex|opencode|gemini|copilot|qwen)\\b',
    '\\.(?:claude|codex|opencode|gemini|github|copilot|qwen|agents)\\b',
  ].join('|'),
);
/** An identifier naming a runtime (`renderCodex`, `GEMINI_TRUST`, `claudeWhy`). */
const IN_NAME = /claude|codex|opencode|gemini|copilot|qwen/i;

/** Files outside a runtime's folder that may name a runtime, each with why. */
const ALLOWED: Readonly<Record<string, string>> = {
  'runtimes/registry.ts': 'the one place a runtime is registered: one line per runtime folder',
  'lint/rules/name.ts':
    '`claude` is a word Anthropic reserves in skill names (Skills API uploads), not the runtime',
  'render/template-check.ts':
    'a fix message shows the `{{#ifRuntime "codex"}}` syntax with a real runtime id',
  'init/scaffold.ts': 'the scaffolded example project ships a recorded Codex run as its sample data',
  'commands/doctor.ts': "help text: names the runtimes' CLI commands doctor asks, for people",
  'commands/lint.ts': "help text: names the runtimes' discovery folders, for people",
  'commands/schemas.ts': 'help text: names `codex exec --output-schema`, what the strict schemas are for',
};

/**
 * Issue #38, not done yet: files that still hold a runtime's facts and are to move into its folder (or read
 * them from its declaration). The list only shrinks: a file that no longer names a runtime fails the test
 * below until it is taken off.
 */
const LEFT: Readonly<Record<string, string>> = {
  'commands/install.ts':
    'runtime-only options and steps (`--trust-codex-hooks`, `--claude`, the Codex trust step)',
  'commands/uninstall.ts': "`--claude PATH` and each plugin form's unregister step",
  'config/pack-config.ts':
    'imports the `claude-code` and `codex` config sections by path: read from the declarations, they would pull every renderer into the parse bundle',
  'hooks/hook-bundles.ts':
    'the OpenCode plugin and Pi extension bundles, enforcement artifacts named by the engine (their titles and module exports)',
  'install/activation-plan.ts': "Claude Code's activation plan, imported by name",
  'install/format.ts': "Claude Code's plugin report",
  'install/lock-file.ts': "the lock's per-runtime records (Claude Code activation, Codex plugin)",
  'install/operations.ts': 'per-runtime install steps (Claude Code and Codex plugins, Codex trust)',
  'install/plan.ts': 'per-runtime plan records',
  'install/read-pack.ts': "per-runtime pack reading (Codex's forms, Claude Code's plugin)",
  'render/templates.ts': "the Claude Code plugin's README template",
};

interface Hit {
  readonly line: number;
  readonly text: string;
}

/** The string literals, template text and identifiers of TypeScript source, comments left out. */
function runtimeNames(source: string): Hit[] {
  const hits: Hit[] = [];
  let line = 1;
  let i = 0;
  let previous = '';
  const note = (text: string, at: number, pattern: RegExp) => {
    if (pattern.test(text)) hits.push({ line: at, text });
  };
  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      line += source.slice(i, stop).split('\n').length - 1;
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      const start = line;
      let j = i + 1;
      let text = '';
      while (j < source.length && source[j] !== c) {
        if (source[j] === '\\') {
          text += source.slice(j, j + 2);
          j += 2;
          continue;
        }
        // A template's `${…}` is code: read it as text too (a literal inside it is still a literal).
        if (source[j] === '\n') line++;
        text += source[j];
        j++;
      }
      note(text, start, IN_TEXT);
      i = j + 1;
      previous = c;
    } else if (c === '/' && /[(,=:[!&|?{};]|^$|return$/.test(previous)) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== '\n') {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        else if (source[j] === '/' && !inClass) break;
        j++;
      }
      i = j + 1;
      previous = '/';
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i;
      while (j < source.length && /[\w$]/.test(source[j] as string)) j++;
      const name = source.slice(i, j);
      note(name, line, IN_NAME);
      previous = name === 'return' ? 'return' : 'a';
      i = j;
    } else {
      if (!/\s/.test(c)) previous = c;
      i++;
    }
  }
  return hits;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** A file inside a runtime's folder may name its runtime; so may the files the two lists name. */
function mayNameRuntimes(file: string): boolean {
  return (
    RUNTIME_IDS.some((id) => file.startsWith(`runtimes/${id}/`)) ||
    Object.hasOwn(ALLOWED, file) ||
    Object.hasOwn(LEFT, file)
  );
}

const FILES = sourceFiles(SRC).map((path) => ({
  file: relative(SRC, path).split(sep).join('/'),
  hits: runtimeNames(readFileSync(path, 'utf8')),
}));

describe('runtime names stay in their runtime folders and the registry', () => {
  it('no file outside src/runtimes/<id>/ and the registry names a runtime, its folders or its CLI', () => {
    const offending = FILES.filter(({ file, hits }) => hits.length > 0 && !mayNameRuntimes(file)).map(
      ({ file, hits }) =>
        `${file}: ${hits.map((hit) => `${hit.line} ${JSON.stringify(hit.text)}`).join(', ')}`,
    );
    expect(offending).toEqual([]);
  });

  it('every listed file still names a runtime (else take it off the list)', () => {
    const quiet = [...Object.keys(ALLOWED), ...Object.keys(LEFT)].filter(
      (file) => !FILES.some((entry) => entry.file === file && entry.hits.length > 0),
    );
    expect(quiet).toEqual([]);
  });
});

describe('runtimeNames', () => {
  it.each([
    ["const a = 'codex';", ['codex']],
    ['const p = `.claude/` + x;', ['.claude/']],
    ['renderGeminiCli(x);', ['renderGeminiCli']],
    ["// codex in a comment\nconst a = 'b';", []],
    ['/* .qwen/ */ const a = 1;', []],
    ["const r = /'codex/; const b = 'x';", []],
    ["import { x } from './copilot-cli/trust.js';", ['./copilot-cli/trust.js']],
    ["const t = 'portable';", []],
    ["const m = 'Codex (0.169.0) skips the skill';", []],
  ] as const)('%j names %j', (source, expected) => {
    expect(runtimeNames(source).map((hit) => hit.text)).toEqual(expected);
  });
});
