import { describe, expect, it } from 'vitest';
import type { ContractToolCall } from '../../src/contract.js';
import { builtinContracts } from '../../src/contracts.js';
import { findZfEmitCalls } from '../../src/zaofu/emit-command.js';
import { zfEmitToolCalls } from '../../src/zaofu/emit-tool-calls.js';

const contract = builtinContracts.require('zaofu.arch-proposal-done');
const EMIT = contract.render(contract.examples[0]!.value);
const quoted = (script: string) => `'${script.replaceAll("'", `'\\''`)}'`;

/** The reason the one emit in `line` is not proven by the line's exit status (`undefined`: it is). */
function reasonOf(line: string) {
  const found = findZfEmitCalls(line);
  expect(found).toHaveLength(1);
  expect(found[0]!.result.success).toBe(true);
  return found[0]!.unproven;
}

const shellCall = (command: string, status = 'completed'): ContractToolCall => ({
  name: 'Bash',
  input: { command },
  status,
});

describe('a zf emit a shell call ran: does its exit status prove the emit succeeded', () => {
  it.each([
    ['on its own', EMIT],
    ['at the end of an && chain', `cd . && ${EMIT}`],
    ['before an && chain', `${EMIT} && echo emitted`],
    ['before a pipe after an &&', `${EMIT} && echo emitted | cat`],
    ['after a || that an && closes', `false || true && ${EMIT}`],
    ['after ; or a newline', `echo start; ${EMIT}\n`],
    ['last in a pipe', `echo start | ${EMIT}`],
    ['behind time, env or timeout', `time env A=1 timeout 60 ${EMIT}`],
    ['in sh -c', `bash -lc ${quoted(EMIT)}`],
  ])('proven: %s', (_name, line) => {
    expect(reasonOf(line)).toBeUndefined();
  });

  it.each([
    ['or', 'after a ||', `true || ${EMIT}`],
    ['or', 'after a || before an &&', `test -f x || echo a && false || ${EMIT}`],
    ['condition', 'negated', `! ${EMIT}`],
    ['condition', 'an if condition', `if ${EMIT}; then echo y; fi`],
    ['condition', 'a while condition', `while ${EMIT}; do break; done`],
    ['piped', 'piped on', `${EMIT} | tail -5`],
    ['piped', 'piped on with its errors', `${EMIT} 2>&1 | tee emit.log`],
    ['background', 'in the background', `${EMIT} &`],
    ['background', 'in an && chain in the background', `${EMIT} && echo ok &`],
    ['sequence', 'before || true', `${EMIT} || true`],
    ['sequence', 'before ;', `${EMIT}; echo done`],
    ['sequence', 'before a newline and a command', `${EMIT}\necho done`],
    ['sequence', 'before && … ||', `${EMIT} && echo ok || echo failed`],
    ['sequence', 'in a subshell', `(${EMIT})`],
    ['sequence', 'in a group', `{ ${EMIT}; }`],
    ['sequence', 'in sh -c, before || true', `sh -c ${quoted(`${EMIT} || true`)}`],
    ['sequence', 'in sh -c, the call before || true', `sh -c ${quoted(EMIT)} || true`],
  ])('not proven (%s): %s', (reason, _name, line) => {
    expect(reasonOf(line)).toBe(reason);
  });

  it('reads the reason of each of several emits in one line in linear time', () => {
    const line = `${EMIT} && `.repeat(5_000) + EMIT;
    const found = findZfEmitCalls(line);
    expect(found).toHaveLength(5_001);
    expect(found.every((entry) => entry.unproven === undefined)).toBe(true);
    expect(findZfEmitCalls(`${line} || true`).every((entry) => entry.unproven === 'sequence')).toBe(true);
  });
});

describe("a ZaoFu contract's tool calls: an emit its call does not prove answers nothing", () => {
  const readCalls = (calls: ContractToolCall[]) => contract.readToolCalls!(calls);

  it('reads a proven emit', () => {
    expect(readCalls([shellCall(EMIT)])).toMatchObject({ success: true });
  });

  it('refuses an emit behind || true, and says what to run instead', () => {
    const result = readCalls([shellCall(`${EMIT} || true`)]);
    expect(result?.success).toBe(false);
    if (result?.success !== false) return;
    expect(result.error.code).toBe('unproven_emit');
    expect(result.error.details).toEqual({ type: 'arch.proposal.done', reason: 'sequence' });
    expect(result.error.message).toMatch(/a command of its own/);
    expect(contract.isAttempt(result.error)).toBe(true);
  });

  it('a proven emit answers, whatever unproven one comes before or after it', () => {
    const proven = shellCall(EMIT);
    const unproven = shellCall(`${EMIT} | tail -1`);
    expect(readCalls([unproven, proven])?.success).toBe(true);
    expect(readCalls([proven, unproven])?.success).toBe(true);
  });

  it('an unproven emit of another event type is not this contract’s error', () => {
    const other = builtinContracts.require('zaofu.design-critique-done');
    const critique = other.render(other.examples[0]!.value);
    expect(readCalls([shellCall(`${critique} || true`)])).toBeUndefined();
  });
});

describe('a zf emit in a call whose exit status the runtime did not record: its output proves it or nothing does', () => {
  const readCalls = (calls: ContractToolCall[]) => contract.readToolCalls!(calls);
  const unconfirmed = (command: string, output?: string): ContractToolCall => ({
    name: 'run_shell_command',
    input: { command },
    status: 'unconfirmed',
    ...(output === undefined ? {} : { output }),
  });
  const EMITTED = 'Emitted: arch.proposal.done (evt-0123456789ab)';
  const critique = builtinContracts.require('zaofu.design-critique-done');
  const CRITIQUE = critique.render(critique.examples[0]!.value);

  it.each([
    ['the line alone', EMITTED],
    ['after other output, with a CRLF', `building…\r\n${EMITTED}\r\n`],
    ['beside another event type’s line', `Emitted: design.critique.done (evt-aaaaaaaaaaaa)\n${EMITTED}`],
  ])('answers when zf printed its Emitted line: %s', (_name, output) => {
    expect(readCalls([unconfirmed(EMIT, output)])).toMatchObject({ success: true });
  });

  it.each([
    ['zf’s error', 'Error: payload must be a JSON object'],
    ['a traceback', 'Traceback (most recent call last):\n  File "zf", line 1\nValueError: x'],
    ['no output at all', undefined],
    ['another event type’s line', 'Emitted: design.critique.done (evt-0123456789ab)'],
    ['the line inside another', `echo: ${EMITTED}`],
    ['an id zf does not make', 'Emitted: arch.proposal.done (evt-xyz)'],
    ['the type as a prefix', 'Emitted: arch.proposal.done.v2 (evt-0123456789ab)'],
    ['output then a signal', 'started\nTerminated'],
  ])('is unproven_emit (unconfirmed) when the output holds %s', (_name, output) => {
    const result = readCalls([unconfirmed(EMIT, output)]);
    expect(result?.success).toBe(false);
    if (result?.success !== false) return;
    expect(result.error.code).toBe('unproven_emit');
    expect(result.error.details).toEqual({ type: 'arch.proposal.done', reason: 'unconfirmed' });
    expect(result.error.message).toMatch(/Emitted: <type> \(evt-…\)/);
    expect(contract.isAttempt(result.error)).toBe(true);
  });

  it('applies the command-line rules first: an emit behind || true is unproven whatever it printed', () => {
    const result = readCalls([unconfirmed(`${EMIT} || true`, EMITTED)]);
    expect(result?.success === false && result.error.details).toEqual({
      type: 'arch.proposal.done',
      reason: 'sequence',
    });
  });

  it('needs one Emitted line for each emit of a type in one && line', () => {
    const twice = `${EMIT} && ${EMIT}`;
    expect(zfEmitToolCalls([unconfirmed(twice, `${EMITTED}\n${EMITTED}`)])).toMatchObject({
      lines: [expect.any(String), expect.any(String)],
      unproven: [],
    });
    expect(zfEmitToolCalls([unconfirmed(twice, EMITTED)])).toMatchObject({
      lines: [expect.any(String)],
      unproven: [{ type: 'arch.proposal.done', reason: 'unconfirmed' }],
    });
    // The critique emit failed (its own line is missing): only the proposal's line proves the proposal.
    const mixed = zfEmitToolCalls([unconfirmed(`${EMIT} && ${CRITIQUE}`, `${EMITTED}\nError: x`)]);
    expect(mixed.lines.map((line) => JSON.parse(line).type)).toEqual(['arch.proposal.done']);
    expect(mixed.unproven).toEqual([{ type: 'design.critique.done', reason: 'unconfirmed' }]);
  });

  it.each([
    ['echo, then &&', `echo "${EMITTED}" && ${EMIT}`],
    ['echo, then ;', `echo "${EMITTED}"; ${EMIT}`],
    ['a command piped into it', `echo "${EMITTED}" >&2 | ${EMIT}`],
    ['a command substitution in its own words', `${EMIT} --task "$(echo '${EMITTED}' >&2)"`],
    ['a command substitution in cd', `cd "$(echo '${EMITTED}' >&2; echo .)" && ${EMIT}`],
    ['backticks in a here-document', `cat <<EOF >/dev/null\n\`echo '${EMITTED}' >&2\`\nEOF\n${EMIT}`],
    ['a print before it inside sh -c', `sh -c "echo hi; zf emit arch.proposal.done --payload '{}'"`],
  ])('answers nothing when a command that may print runs before it: %s', (_name, line) => {
    const output = `${EMITTED}\nError: x`;
    expect(zfEmitToolCalls([unconfirmed(line, output)]).lines).toEqual([]);
    expect(readCalls([unconfirmed(line, output)])?.success).not.toBe(true);
  });

  it('says why: the line a command before it printed proves nothing', () => {
    const result = readCalls([unconfirmed(`echo "${EMITTED}" && ${EMIT}`, `${EMITTED}\nError: x`)]);
    expect(result?.success === false && result.error.details).toEqual({
      type: 'arch.proposal.done',
      reason: 'unconfirmed',
    });
    expect(result?.success === false && result.error.message).toMatch(/first in its command line/);
  });

  it.each([
    ['cd', `cd . && ${EMIT}`],
    ['export and an assignment', `export A=1; B=2 && ${EMIT}`],
    ['cd to a variable’s folder', `cd "$PROJECT_DIR" && ${EMIT}`],
    ['another event’s emit', `${CRITIQUE} && ${EMIT}`],
    [
      'quoted text that only looks like a substitution',
      'cd . && zf emit arch.proposal.done --payload \'{"summary":"Use `clamp`, not $(x)"}\'',
    ],
  ])('answers after commands that print no such line: %s', (_name, line) => {
    const output = `Emitted: design.critique.done (evt-aaaaaaaaaaaa)\n${EMITTED}`;
    const read = zfEmitToolCalls([unconfirmed(line, output)]);
    expect(read.unproven).toEqual([]);
    expect(read.lines.map((emitted) => JSON.parse(emitted).type)).toContain('arch.proposal.done');
  });

  it('counts an emit it cannot type as one that may have printed any line', () => {
    const line = `zf emit "$TYPE" --payload '{}' && ${EMIT}`;
    expect(zfEmitToolCalls([unconfirmed(line, EMITTED)]).unproven).toEqual([
      { type: 'arch.proposal.done', reason: 'unconfirmed' },
    ]);
    expect(zfEmitToolCalls([unconfirmed(line, `${EMITTED}\n${EMITTED}`)]).lines).toHaveLength(1);
  });
});
