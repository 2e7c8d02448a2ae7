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
  'runtimes/runtime-install.ts':
    'the install engine bound to the registry, and the options only some runtimes take gathered from their folders',
  'runtimes/sections.ts':
    "the registry of the runtimes' front-matter sections, apart so that reading a skill source loads no renderer",
  'lint/rules/name.ts':
    '`claude` is a word Anthropic reserves in skill names (Skills API uploads), not the runtime',
  'render/template-check.ts':
    'a fix message shows the `{{#ifRuntime "codex"}}` syntax with a real runtime id',
  'init/scaffold.ts': 'the scaffolded example project ships a recorded Codex run as its sample data',
  'commands/doctor.ts': "help text: names the runtimes' CLI commands doctor asks, for people",
  'commands/lint.ts': "help text: names the runtimes' discovery folders, for people",
  'commands/schemas.ts': 'help text: names `codex exec --output-schema`, what the strict schemas are for',
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

/** A file inside a runtime's folder may name its runtime; so may the files `ALLOWED` names. */
function mayNameRuntimes(file: string): boolean {
  return RUNTIME_IDS.some((id) => file.startsWith(`runtimes/${id}/`)) || Object.hasOwn(ALLOWED, file);
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
    const quiet = Object.keys(ALLOWED).filter(
      (file) => !FILES.some((entry) => entry.file === file && entry.hits.length > 0),
    );
    expect(quiet).toEqual([]);
  });
});

/** The engines: folders that read declarations and may not import the registry from below. */
const ENGINES = /^(?:install|lint|pack|source|doctor|render|hooks|config|files|json)\//;
const REGISTRY = 'runtimes/registry.ts';

/** Source text without comments. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Import statements that load no code: `import type`, `export type`, `import { type A, type B }`. */
const TYPE_ONLY =
  /(?:import|export)\s+type\s[^;]*;|import\s*\{(?:\s*type\s+[\w$]+(?:\s+as\s+[\w$]+)?\s*,?)+\s*\}\s*from\s*'[^']*';/g;

/**
 * Every file of `src` (posix paths) and the files of `src` it imports, statically or lazily; `values`: only
 * the imports that load code (a circle of types costs nothing at run time).
 */
function importGraph(values: boolean): Map<string, string[]> {
  const files = sourceFiles(SRC).map((path) => relative(SRC, path).split(sep).join('/'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = values ? code(join(SRC, file)).replace(TYPE_ONLY, '') : code(join(SRC, file));
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)\.js'/g)].map((match) => {
      const resolved: string[] = [];
      for (const part of [...file.split('/').slice(0, -1), ...(match[1] as string).split('/')]) {
        if (part === '..') resolved.pop();
        else if (part !== '.') resolved.push(part);
      }
      return `${resolved.join('/')}.ts`;
    });
    graph.set(
      file,
      targets.filter((target) => files.includes(target)),
    );
  }
  return graph;
}

/** The files `from` reaches through imports, itself excluded unless a circle leads back to it. */
function reach(graph: Map<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(graph.get(from) ?? [])];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file) ?? []));
  }
  return seen;
}

describe('fitness: the registry stands on the top floor', () => {
  const graph = importGraph(false);

  it('no engine folder imports the registry, not even its types: each receives the declarations as a value', () => {
    const below = [...graph]
      .filter(([file, targets]) => ENGINES.test(file) && targets.includes(REGISTRY))
      .map(([file]) => file);
    expect(below).toEqual([]);
  });

  it('no code import leads through runtimes/ back to where it started', () => {
    const values = importGraph(true);
    const circular = [...values.keys()].filter(
      (file) => file.startsWith('runtimes/') && reach(values, file).has(file),
    );
    expect(circular).toEqual([]);
  });

  it('the graph is read: the engines import each other and the runtime folders import the engines', () => {
    expect(graph.get('runtimes/registry.ts')).toContain('runtimes/codex/runtime.ts');
    expect([...graph.keys()].filter((file) => ENGINES.test(file)).length).toBeGreaterThan(50);
    expect(importGraph(true).get('runtimes/claude-code/runtime.ts')).toContain(
      'runtimes/claude-code/target.ts',
    );
  });
});

describe('fitness: the install engine stands in floors', () => {
  it('no import leads through install/ back to where it started, not even of types', () => {
    const graph = importGraph(false);
    const circular = [...graph.keys()].filter(
      (file) => file.startsWith('install/') && reach(graph, file).has(file),
    );
    expect(circular).toEqual([]);
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
