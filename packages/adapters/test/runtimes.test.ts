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
  const own = new Set<string>([...RUNTIME_IDS, 'runtime-id.ts', 'runtimes.ts', 'stop-hook-dialects.ts']);
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

  it('exports each declaration’s wire schemas as its namespace of @skillpack/adapters/wire, and nothing else', () => {
    const names = RUNTIME_IDS.map((id) => ADAPTER_RUNTIMES[id].wire.exportName);
    expect(Object.keys(wire).sort()).toEqual([...names].sort());
    const exported = new Map<string, unknown>(Object.entries(wire));
    for (const id of RUNTIME_IDS) {
      const declared = ADAPTER_RUNTIMES[id].wire;
      expect(exported.get(declared.exportName)).toBe(declared.schemas);
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

describe('fitness: runtime ids are compared only in a runtime’s declaration', () => {
  it('no file outside src/<runtime>/, runtime-id.ts, runtimes.ts and stop-hook-dialects.ts names a runtime id literal', () => {
    expect(filesNamingRuntimeIds()).toEqual([]);
  });
});
