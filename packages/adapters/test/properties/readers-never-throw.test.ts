// Runtime readers on untrusted output: never a rejection, a well-formed run, the same run for any chunking.
import { readdirSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { ProtocolError } from '@skillpack/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MALFORMED_LINE_CODES, RUN_PROBLEM_CODES } from '../../src/agent-run.js';
import {
  type AgentRun,
  createEventLineUnwrapper,
  FINISH_STATES,
  RUNTIME_IDS,
  readAgentRun,
  unwrapEventLine,
} from '../../src/index.js';
import { chunked } from '../_support/fixtures.js';
import {
  AWKWARD_TOKENS,
  anyValue,
  expectPrototypesUntouched,
  mutated,
  prototypeSnapshot,
  runs,
  tokenText,
} from './_support/core-support.js';

const fixturesDir = new URL('../fixtures/', import.meta.url);

/** Every captured or constructed runtime output in the fixtures, as text. */
const FIXTURES = RUNTIME_IDS.flatMap((runtime) =>
  readdirSync(new URL(`${runtime}/`, fixturesDir))
    .filter((name) => /\.(jsonl|ndjson|json)$/.test(name))
    .map((name) => readFileSync(new URL(`${runtime}/${name}`, fixturesDir), 'utf8')),
);

/** Fragments of runtime events, so mutations produce near-valid lines. */
const EVENT_TOKENS = [
  '{"type":"assistant","message":{"content":[{"type":"text","text":"x"}]},"session_id":"s"}\n',
  '{"type":"result","subtype":"success","result":"ACCEPTANCE: PASS"}\n',
  '{"type":"item.completed","item":{"type":"agent_message","text":"t"}}\n',
  '{"type":"text","sessionID":"s","timestamp":1,"part":{"id":"p","messageID":"m","text":"t"}}\n',
  '{"type":"__proto__","__proto__":{"polluted":true}}\n',
  '{"type":"constructor"}\n',
  '{"type":"',
  '[{"type":"result"',
  '{\n',
  '[\n',
  '\n',
  '\r\n',
  '"}',
  ']}',
  '\ufeff',
] as const;

/** No lone UTF-16 surrogate: the string is exactly what decoding its UTF-8 bytes gives back. */
function isWellFormed(text: string): boolean {
  return new TextDecoder().decode(new TextEncoder().encode(text)) === text;
}

/** What must hold for any run read from any input. */
function expectWellFormedRun(run: AgentRun): void {
  expect([...RUNTIME_IDS, 'unknown']).toContain(run.runtime);
  expect(FINISH_STATES).toContain(run.finish);
  expect(run.lineCount).toBeGreaterThanOrEqual(0);
  expect(run.malformedLines.length).toBeLessThanOrEqual(run.malformedLineCount);
  for (const { error, line } of run.malformedLines) {
    expect(error).toBeInstanceOf(ProtocolError);
    expect(MALFORMED_LINE_CODES).toContain(error.code);
    expect(line).toBeGreaterThanOrEqual(1);
    expect(line).toBeLessThanOrEqual(Math.max(1, run.lineCount));
  }
  for (const problem of run.problems) {
    expect(problem).toBeInstanceOf(ProtocolError);
    expect(RUN_PROBLEM_CODES).toContain(problem.code);
  }
  for (const message of run.messages) expect(typeof message.text).toBe('string');
  expect(run.finalText === undefined || typeof run.finalText === 'string').toBe(true);
  expect(Object.getPrototypeOf(run.unknownEventTypes)).toBe(null);
  for (const count of Object.values(run.unknownEventTypes)) expect(count).toBeGreaterThan(0);
}

/** A run as plain data, for comparing two reads of the same bytes. */
function comparable(run: AgentRun): unknown {
  return JSON.parse(JSON.stringify({ ...run, unknownEventTypes: { ...run.unknownEventTypes } }));
}

const input = fc.oneof(
  { weight: 3, arbitrary: mutated(FIXTURES, EVENT_TOKENS) },
  { weight: 1, arbitrary: tokenText([...EVENT_TOKENS, ...AWKWARD_TOKENS], 30) },
);
const runtimeOption = fc.constantFrom('auto' as const, ...RUNTIME_IDS);

describe('readAgentRun on untrusted output', () => {
  it('never rejects and always returns a well-formed run, for mutated runs and event-shaped noise', async () => {
    const before = prototypeSnapshot();
    await fc.assert(
      fc.asyncProperty(input, runtimeOption, async (text, runtime) => {
        expectWellFormedRun(await readAgentRun(text, { runtime, keepEvents: 5 }));
      }),
      runs(200),
    );
    expectPrototypesUntouched(before);
  });

  it('never rejects on values that are not output at all', async () => {
    await fc.assert(
      fc.asyncProperty(anyValue, async (value) => {
        const run = await readAgentRun(value as string);
        expectWellFormedRun(run);
      }),
      runs(100),
    );
  });

  it('reads the same run from the whole bytes, from any chunking of them, and from the string', async () => {
    await fc.assert(
      fc.asyncProperty(
        input,
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }),
        runtimeOption,
        async (text, sizes, runtime) => {
          const bytes = new TextEncoder().encode(text);
          const whole = comparable(await readAgentRun(bytes, { runtime }));
          const pieces = comparable(await readAgentRun(chunked(bytes, sizes), { runtime }));
          expect(pieces).toEqual(whole);
          // A string holds no invalid UTF-8: decoding the bytes first is the same text, lone surrogates aside.
          if (isWellFormed(text)) expect(comparable(await readAgentRun(text, { runtime }))).toEqual(whole);
        },
      ),
      runs(150),
    );
  });
});

describe('unwrapping event lines', () => {
  const lines = fc.oneof(
    mutated(FIXTURES.flatMap((text) => text.split('\n')).filter(Boolean), EVENT_TOKENS),
    tokenText(EVENT_TOKENS),
  );

  it('unwrapEventLine and a stateful unwrapper never throw and return text or nothing', () => {
    const stateful = createEventLineUnwrapper();
    fc.assert(
      fc.property(lines, (line) => {
        for (const unwrap of [unwrapEventLine, stateful]) {
          const text = unwrap(line);
          expect(text === undefined || typeof text === 'string').toBe(true);
        }
      }),
      runs(500),
    );
  });

  it('a line that is not a JSON object is never unwrapped: the caller keeps it', () => {
    fc.assert(
      fc.property(tokenText([...AWKWARD_TOKENS, 'ACCEPTANCE: PASS', '[', '"x"']), (line) => {
        if (line.trimStart().startsWith('{')) return;
        expect(unwrapEventLine(line)).toBeUndefined();
      }),
      runs(300),
    );
  });

  /** The length of every string in a line's JSON (0 for a line that is not JSON): all the text it carries. */
  function stringsLength(line: string): number {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return 0;
    }
    let length = 0;
    const visit = (node: unknown): void => {
      if (typeof node === 'string') length += node.length;
      else if (Array.isArray(node)) node.forEach(visit);
      else if (typeof node === 'object' && node !== null) Object.values(node).forEach(visit);
    };
    visit(value);
    return length;
  }

  // It reads each completed turn's final message once: never more text than the events carry. (Not bounded
  // by the stateless unwrapper: only the stateful one reads Codex `plan` items and `--verbose` arrays.)
  it('the stateful unwrapper yields no more text than the events carry, for any input', () => {
    fc.assert(
      fc.property(input, (text) => {
        const stateful = createEventLineUnwrapper();
        let statefulLength = 0;
        let carried = 0;
        const lines = text.split('\n');
        for (const line of lines) {
          // A line that is no runtime event stands (`undefined`): it is not the unwrapper's text.
          statefulLength += stateful(line)?.length ?? 0;
          carried += stringsLength(line);
        }
        statefulLength += stateful.end()?.length ?? 0;
        // Text blocks and parts of one message are joined with at most one newline each. A pretty-printed
        // whole-document JSON (a Codex notify payload) carries its strings as one document, not per line.
        carried += lines.length + (lines.length > 1 ? stringsLength(text) : 0);
        expect(statefulLength).toBeLessThanOrEqual(carried);
      }),
      runs(200),
    );
  });
});

describe('readAgentRun is deterministic', () => {
  it('reads the same input twice to the same run', async () => {
    await fc.assert(
      fc.asyncProperty(input, async (text) => {
        const first = comparable(await readAgentRun(text));
        expect(isDeepStrictEqual(first, comparable(await readAgentRun(text)))).toBe(true);
      }),
      runs(50),
    );
  });
});
