import { describe, expect, it, vi } from 'vitest';

// Every runtime's wire schemas are built by its declaration's builder on first use (issue #42: a parse pays
// for the runtime it reads, not for all seven). Traced, not timed: every `z.*` call made from a runtime's
// `wire-*.ts` file records that runtime's folder.
const built = vi.hoisted(() => new Set<string>());

vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod')>();
  const traced = new Proxy(actual.z, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return function (this: unknown, ...args: unknown[]) {
        const caller = /\/src\/([a-z-]+)\/wire-[a-z-]+\.ts/.exec(new Error().stack ?? '');
        if (caller?.[1] !== undefined) built.add(caller[1]);
        return Reflect.apply(value, this === receiver ? target : this, args);
      };
    },
  });
  return { ...actual, z: traced };
});

const { readAgentRun } = await import('../src/read-agent-run.js');
const { ADAPTER_RUNTIMES } = await import('../src/runtimes.js');
const { fixtureText } = await import('./_support/fixtures.js');

describe('wire schemas are built when their runtime is read', () => {
  it('loading the reader registry builds none', () => {
    expect(Object.keys(ADAPTER_RUNTIMES)).toHaveLength(7);
    expect([...built]).toEqual([]);
  });

  it("reading a Codex run builds Codex's alone, whether named or sniffed", async () => {
    const text = fixtureText('codex', 'exec-json-docs-sample.jsonl');
    const named = await readAgentRun(text, { runtime: 'codex' });
    expect(named.runtime).toBe('codex');
    expect([...built]).toEqual(['codex']);
    const sniffed = await readAgentRun(text, { runtime: 'auto' });
    expect(sniffed.runtime).toBe('codex');
    expect([...built]).toEqual(['codex']);
  });

  it('the declaration builds them once: later calls return the same schemas', () => {
    const { wire } = ADAPTER_RUNTIMES['claude-code'];
    const first = wire.schemas();
    expect(built.has('claude-code')).toBe(true);
    expect(wire.schemas()).toBe(first);
  });
});
