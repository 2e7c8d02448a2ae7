import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOOK_RUNTIME_IDS, HOOK_USAGE } from '../src/hook-runtimes.js';
import { RUNTIME_IDS } from '../src/runtime-id.js';
import { ADAPTER_RUNTIMES, orList } from '../src/runtimes.js';
import { STOP_HOOK_DIALECTS } from '../src/stop-hook-dialects.js';
import * as wire from '../src/wire.js';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** Source text without comments, so prose naming a runtime does not count as a comparison. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The files of `src` outside a runtime's own folder, the id list and the registry that name a runtime id. */
function filesNamingRuntimeIds(): string[] {
  const literal = new RegExp(`['"\`](${RUNTIME_IDS.join('|')})['"\`]`);
  const own = new Set<string>([
    ...RUNTIME_IDS,
    'runtime-id.ts',
    'runtimes.ts',
    'stop-hook-dialects.ts',
    'stop-hook-hosts.ts',
  ]);
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !own.has(path.split(/[\\/]/)[0]!))
    .filter((path) => literal.test(code(join(SRC, path))))
    .sort();
}

describe('the runtime registry', () => {
  it('has one declaration per runtime id, under its own id', () => {
    expect(Object.keys(ADAPTER_RUNTIMES).sort()).toEqual([...RUNTIME_IDS].sort());
    for (const id of RUNTIME_IDS) expect(ADAPTER_RUNTIMES[id].id).toBe(id);
  });

  it('exports each declaration’s wire schemas in its namespace of @skillpack/adapters/wire, and nothing else', () => {
    const names = RUNTIME_IDS.map((id) => ADAPTER_RUNTIMES[id].wire.exportName);
    expect(Object.keys(wire).sort()).toEqual([...names].sort());
    const exported = new Map<string, object>(Object.entries(wire));
    for (const id of RUNTIME_IDS) {
      const declared = ADAPTER_RUNTIMES[id].wire;
      const namespace = new Map<string, unknown>(Object.entries(exported.get(declared.exportName) ?? {}));
      const schemas = Object.entries(declared.schemas());
      expect(schemas.length).toBeGreaterThan(0);
      for (const [name, schema] of schemas) expect(namespace.get(name), name).toBe(schema);
    }
  });

  it('serves skillpack-hook for exactly the runtimes that declare a Stop-hook dialect', () => {
    expect(HOOK_RUNTIME_IDS).toEqual(RUNTIME_IDS.filter((id) => STOP_HOOK_DIALECTS[id] !== undefined));
    expect(HOOK_RUNTIME_IDS).toEqual(['claude-code', 'codex', 'gemini-cli', 'copilot-cli', 'qwen-code']);
    expect(HOOK_USAGE).toContain(`<${HOOK_RUNTIME_IDS.join('|')}>`);
  });

  it('tries the strictest sniff first, with no two runtimes at the same precedence', () => {
    const precedences = RUNTIME_IDS.map((id) => ADAPTER_RUNTIMES[id].sniff.precedence);
    expect(new Set(precedences).size).toBe(precedences.length);
  });

  it('joins names for messages', () => {
    expect(orList(['a'])).toBe('a');
    expect(orList(['a', 'b', 'c'])).toBe('a, b or c');
  });
});

const RUNTIME_FOLDERS = [
  '.claude/',
  '.codex/',
  '.opencode/',
  '.gemini/',
  '.copilot/',
  '.qwen/',
  '.pi/',
  '.github/',
];
/** The files that register the runtimes, and the subpath entries that re-export a runtime's own modules. */
const REGISTRIES = [
  'runtimes.ts',
  'stop-hook-dialects.ts',
  'stop-hook-hosts.ts',
  'hook-runtimes.ts',
  'wire.ts',
  'pack-runtime.ts',
  'pack-hook.ts',
];

/** Every file of `src` (posix paths) and the files of `src` it imports, statically or lazily. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => path.split(/[\\/]/).join('/'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = code(join(SRC, file));
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)\.js'/g)].map((match) => {
      const parts = [...file.split('/').slice(0, -1), ...match[1]!.split('/')];
      const resolved: string[] = [];
      for (const part of parts) {
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
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file) ?? []));
  }
  return seen;
}

const runtimeOf = (file: string) =>
  (RUNTIME_IDS as readonly string[]).includes(file.split('/')[0]!) ? file.split('/')[0] : undefined;

describe('fitness: a runtime is its folder, registered on the top floor', () => {
  const graph = importGraph();

  it('no file imports itself through a circle', () => {
    const circular = [...graph.keys()].filter((file) => reach(graph, file).has(file));
    expect(circular).toEqual([]);
  });

  it('the engines (_shared/, hooks/) reach no registry and no runtime folder', () => {
    const engines = [...graph.keys()].filter((file) => /^(_shared|hooks)\//.test(file));
    expect(engines.length).toBeGreaterThan(10);
    const leaks = engines.flatMap((file) =>
      [...reach(graph, file)]
        .filter((target) => REGISTRIES.includes(target) || runtimeOf(target) !== undefined)
        .map((target) => `${file} -> ${target}`),
    );
    expect(leaks).toEqual([]);
  });

  it('a runtime folder imports no other runtime’s folder', () => {
    const crossings = [...graph].flatMap(([file, targets]) => {
      const own = runtimeOf(file);
      return own === undefined
        ? []
        : targets
            .filter((target) => ![own, undefined].includes(runtimeOf(target)))
            .map((t) => `${file} -> ${t}`);
    });
    expect(crossings).toEqual([]);
  });

  it('only the registries and entries import a runtime folder from outside it', () => {
    const outside = [...graph].flatMap(([file, targets]) =>
      runtimeOf(file) !== undefined || REGISTRIES.includes(file)
        ? []
        : targets.filter((target) => runtimeOf(target) !== undefined).map((target) => `${file} -> ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it('no file outside a runtime’s folder names a runtime folder (.claude/, .gemini/, …)', () => {
    const naming = [...graph.keys()].filter(
      (file) =>
        runtimeOf(file) === undefined &&
        RUNTIME_FOLDERS.some((folder) => code(join(SRC, file)).includes(folder)),
    );
    expect(naming).toEqual([]);
  });
});

describe('fitness: runtime ids are compared only in a runtime’s declaration', () => {
  it('no file outside src/<runtime>/, runtime-id.ts, runtimes.ts and stop-hook-dialects.ts names a runtime id literal', () => {
    expect(filesNamingRuntimeIds()).toEqual([]);
  });
});
