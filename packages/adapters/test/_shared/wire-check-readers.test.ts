// The readers with the compiled wire checks against the same readers where zod decides every value (a second
// module graph whose checks are zod's own `safeParse`, for the schemas the compiler covers): the same run,
// malformed lines and warnings included, for every fixture of every runtime and for mutated fixture lines; and
// zod is asked only about the values it rejects.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AgentRun } from '../../src/agent-run.js';
import * as claudeWire from '../../src/claude-code/wire-schemas.js';
import * as qwenWire from '../../src/qwen-code/wire-schemas.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { RUNTIME_IDS } from '../../src/runtime-id.js';
import { runs } from '../properties/_support/core-support.js';

vi.resetModules();
// A check accepts a value as itself, where zod's output of a loose object lists its shape's keys first: a
// reference graph on zod's output would word a nested value's "Received …" in another key order than any
// reader ever does, so the reference keeps the value as a check does and only asks zod whether it holds.
vi.doMock('../../src/_shared/wire-check.js', async (importOriginal) => {
  const compiled = await importOriginal<typeof import('../../src/_shared/wire-check.js')>();
  return {
    ...compiled,
    wireCheckOf: (schema: z.ZodType) =>
      compiled.wireCheckOf(schema) ? (value: unknown) => schema.safeParse(value).success : undefined,
  };
});
const zodOnly: typeof import('../../src/read-agent-run.js') = await import('../../src/read-agent-run.js');
vi.doUnmock('../../src/_shared/wire-check.js');

const fixturesDir = new URL('../fixtures/', import.meta.url);
const FIXTURES = RUNTIME_IDS.flatMap((runtime) =>
  readdirSync(new URL(`${runtime}/`, fixturesDir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(jsonl|ndjson|json)$/.test(name))
    .map((name) => ({
      name: `${runtime}/${name}`,
      text: readFileSync(new URL(`${runtime}/${name}`, fixturesDir), 'utf8'),
    })),
);

/** A run as plain data: errors by name, code, message and details (the two graphs have their own classes). */
function plain(run: AgentRun): unknown {
  return JSON.parse(
    JSON.stringify(run, (_key, value: unknown) =>
      value instanceof Error
        ? { name: value.name, message: value.message, ...(value as unknown as Record<string, unknown>) }
        : value,
    ),
  );
}

async function expectSameRun(text: string, options: { keepEvents?: boolean } = {}): Promise<AgentRun> {
  const fast = await readAgentRun(text, options);
  const slow = await zodOnly.readAgentRun(text, options);
  expect(plain(fast)).toEqual(plain(slow));
  return fast;
}

/** A line of `text` with one top-level or nested field replaced, as JSON text again. */
function mutateLine(text: string, at: number, path: number, replacement: unknown): string {
  const lines = text.split('\n');
  const index = at % lines.length;
  let value: unknown;
  try {
    value = JSON.parse(lines[index]!);
  } catch {
    return text;
  }
  const slots: { parent: Record<string, unknown>; key: string }[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const key of Object.keys(node)) {
      slots.push({ parent: node as Record<string, unknown>, key });
      walk((node as Record<string, unknown>)[key]);
    }
  };
  walk(value);
  if (slots.length === 0) return text;
  const { parent, key } = slots[path % slots.length]!;
  parent[key] = replacement;
  lines[index] = JSON.stringify(value);
  return lines.join('\n');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readers on the compiled wire checks', () => {
  it('read every fixture of every runtime as the zod-only readers do', async () => {
    expect(FIXTURES.length).toBeGreaterThan(100);
    for (const { text } of FIXTURES) await expectSameRun(text, { keepEvents: true });
  });

  it('read fixtures with a field changed as the zod-only readers do (malformed lines, warnings)', async () => {
    const wrong = fc.constantFrom(null, 7, '', 'x', true, [], {}, [{ type: 'text' }], {
      type: 'text',
      text: 1,
    });
    let malformed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIXTURES),
        fc.nat(),
        fc.nat(),
        wrong,
        async ({ text }, at, path, replacement) => {
          const run = await expectSameRun(mutateLine(text, at, path, replacement));
          malformed += run.malformedLineCount + run.warnings.length;
        },
      ),
      runs(400),
    );
    // The mutations reach the zod path, not only the fast one.
    expect(malformed).toBeGreaterThan(0);
  });

  it('ask zod only about the values it rejects (Claude Code and Qwen Code)', async () => {
    const exported: [string, unknown][] = [...Object.entries(claudeWire), ...Object.entries(qwenWire)];
    const schemas = exported.filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType);
    let calls = 0;
    const called: string[] = [];
    for (const [name, schema] of schemas) {
      const original = schema.safeParse.bind(schema);
      vi.spyOn(schema, 'safeParse').mockImplementation(
        (value: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>) => {
          calls++;
          called.push(name);
          return original(value, params);
        },
      );
    }
    let rejected = 0;
    for (const { name, text } of FIXTURES) {
      if (!name.startsWith('claude-code/') && !name.startsWith('qwen-code/')) continue;
      const run = await readAgentRun(text);
      expect(run.malformedLines.length, name).toBe(run.malformedLineCount);
      rejected += run.malformedLines.filter((line) => line.error.code === 'invalid_event').length;
      rejected += run.warnings.filter((warning) => warning.code === 'invalid_field').length;
    }
    const valid: unknown[] = [
      { type: 'system', subtype: 'init', session_id: 's' },
      { type: 'assistant', session_id: 's', message: { id: 'm', content: [{ type: 'text', text: 'ok' }] } },
      { type: 'result', subtype: 'success', is_error: false, session_id: 's', result: 'ok' },
    ];
    await readAgentRun(valid.map((event) => JSON.stringify(event)).join('\n'));
    expect(called).toHaveLength(rejected);
    const broken = [...valid];
    broken.splice(1, 0, { type: 'assistant', session_id: 's', message: { id: 'm', content: 5 } });
    const run = await readAgentRun(broken.map((event) => JSON.stringify(event)).join('\n'));
    expect(run.malformedLines.map((line) => line.error.code)).toEqual(['invalid_event']);
    expect(calls).toBe(rejected + 1);
  });
});
