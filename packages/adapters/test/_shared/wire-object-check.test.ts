// An object's wire check becomes one generated function that reads each field by its name (what V8 can
// specialise on a 50 MB run) once the process has checked GENERATE_AFTER_CHECKS values, and where code
// generation from strings is disallowed the readers read the same. The agreement of every check with zod is
// `wire-check.test.ts`'s.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GENERATE_AFTER_CHECKS, wireCheckOf } from '../../src/_shared/wire-check.js';
import { generatedObjectCheck } from '../../src/_shared/wire-object-check.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const CLAUDE_FIXTURES = fileURLToPath(new URL('../fixtures/claude-code/captured/', import.meta.url));

// Every captured Claude Code run, read by the built package, and each run's text 300 times over (the checks
// generated past GENERATE_AFTER_CHECKS): what each read gives, one JSON line a read.
const READ_EVERY_FIXTURE = `
import { readdirSync, readFileSync } from 'node:fs';
import { readAgentRun } from '@skillpack/adapters';
const dir = ${JSON.stringify(CLAUDE_FIXTURES)};
for (const name of readdirSync(dir).filter((file) => /\\.(jsonl|json)$/.test(file)).sort())
for (const times of [1, 300]) {
  const text = readFileSync(dir + name, 'utf8');
  const run = await readAgentRun((text.endsWith('\\n') ? text : text + '\\n').repeat(times), { runtime: 'claude-code' });
  const { finish, finalText, sessionId, usage, malformedLines, warnings, tools } = run;
  console.log(JSON.stringify({ name, times, finish, finalText, sessionId, usage, malformedLines, warnings, tools }));
}
`;

function readEveryFixture(flags: readonly string[]) {
  return spawnSync(process.execPath, [...flags, '--input-type=module', '-e', READ_EVERY_FIXTURE], {
    cwd: packageDir,
    encoding: 'utf8',
  });
}

/** An event whose `id` records the stack that reads it: which function checked it. */
function probe(): { readonly event: object; readonly readBy: () => string } {
  let stack = '';
  const event = Object.defineProperty({ type: 'probe' }, 'id', {
    enumerable: true,
    get() {
      stack = new Error().stack ?? '';
      return 'id-1';
    },
  });
  return { event, readBy: () => stack };
}

describe('object wire checks', () => {
  it('are generated as one function that reads each field by its name and tests a primitive in place', () => {
    const fields = {
      type: z.literal('stream_event'),
      session_id: z.string().optional(),
      uuid: z.string().nullish(),
      count: z.number(),
      event: z.looseObject({ type: z.string() }),
    };
    const keys = Object.keys(fields);
    const checks = Object.values(fields).map((schema) => wireCheckOf(schema as z.ZodType)!);
    const check = generatedObjectCheck(keys, checks)!;
    const source = check.toString();
    expect(source).toContain(
      'x = value["session_id"];\nif (!((x === undefined || typeof x === "string"))) return false;',
    );
    expect(source).toContain('x === "stream_event"');
    expect(source).toContain('(x === undefined || (x === null || typeof x === "string"))');
    expect(source).toContain('(typeof x === "number" && Number.isFinite(x))');
    // A nested object is called, not written in place.
    expect(source).toContain('x = value["event"];\nif (!(checks[4](x))) return false;');
    const valid = { type: 'stream_event', uuid: null, count: 1, event: { type: 'ping' }, extra: [1] };
    expect(check(valid)).toBe(true);
    for (const invalid of [
      { ...valid, count: Number.NaN },
      { ...valid, event: [] },
      { ...valid, uuid: 1 },
      [valid],
    ])
      expect(check(invalid)).toBe(false);
  });

  it(`are generated once the process has checked ${GENERATE_AFTER_CHECKS} values (a union's options never), and run the loop before`, () => {
    const schema = z.looseObject({ type: z.literal('probe'), id: z.string() });
    const first = probe();
    expect(wireCheckOf(schema)!(first.event)).toBe(true);
    expect(first.readBy()).not.toContain('wireObjectCheck');
    for (let call = 1; call < GENERATE_AFTER_CHECKS; call++) wireCheckOf(schema)!({ type: 'probe', id: 'x' });
    const later = probe();
    expect(wireCheckOf(schema)!(later.event)).toBe(true);
    expect(later.readBy()).toContain('wireObjectCheck');
    // A union's options stay loops: one call site tries them all, and V8 inlines the loop's one function there.
    const option = z.looseObject({ type: z.literal('probe'), id: z.string() });
    const union = z.discriminatedUnion('type', [z.looseObject({ type: z.literal('other') }), option]);
    const inUnion = probe();
    expect(wireCheckOf(union)!(inUnion.event)).toBe(true);
    expect(inUnion.readBy()).not.toContain('wireObjectCheck');
  });

  it('read every captured Claude Code run the same where code generation from strings is disallowed', () => {
    const generated = readEveryFixture([]);
    const looped = readEveryFixture(['--disallow-code-generation-from-strings']);
    expect(generated.stderr).toBe('');
    expect(looped.stderr).toBe('');
    expect(generated.stdout.split('\n').length).toBeGreaterThan(40);
    expect(looped.stdout).toBe(generated.stdout);
  });
});
