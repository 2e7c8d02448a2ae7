import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/index.js';
import {
  checkRalphSession,
  maestroResultContract,
  maestroVerdictContract,
  RalphCommandError,
  ralphComplete,
  ralphNext,
  safeParseInvocationLine,
  safeParseRalphCompleteArgv,
  safeParseResultBlock,
  safeParseRunVerdict,
  safeParseVerdictBlock,
} from '../../src/maestro/index.js';

function deeplyNested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const MB = 1024 * 1024;
const JUNK = [
  ['undefined', undefined],
  ['null', null],
  ['empty string', ''],
  ['open brace', '{'],
  ['empty array text', '[]'],
  ['empty array', []],
  ['number', 42],
  ['NaN', Number.NaN],
  ['empty object', {}],
  ['a 5 MB line', 'a'.repeat(5 * MB)],
  ['deeply nested JSON text', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ['a deeply nested object', deeplyNested(5_000)],
  ['__proto__ JSON text', '{"__proto__":{"polluted":true}}'],
  [
    '__proto__ object',
    JSON.parse('{"__proto__":{"polluted":true},"steps":[{"__proto__":{"polluted":true}}]}'),
  ],
  ['invalid UTF-8 bytes', Buffer.from([0xff, 0xfe, 0xc3, 0x28])],
  ['decoded invalid UTF-8', Buffer.from([0xff, 0xfe, 0xc3, 0x28]).toString('utf8')],
  ['lone surrogates', '\uD800 text \uDC00'],
  ['CRLF only', '\r\n\r\n\r\n'],
  ['start marker spam', '---RESULT---\n---VERDICT---\n'.repeat(100_000)],
  ['end marker spam', '---END---\n'.repeat(200_000)],
  [
    'a block of key spam',
    `---RESULT---\n${'STATUS: DONE\nSIGNALS: __proto__=x;a=b\n'.repeat(50_000)}---END---`,
  ],
] as const;

const polluted = () => ({}) as Record<string, unknown>;

function expectTypedOrFallback(result: { success: boolean; data?: unknown; error?: unknown }) {
  if (result.success) expect((result.data as { fallback?: boolean }).fallback).toBeTypeOf('boolean');
  else expect(result.error).toBeInstanceOf(ProtocolError);
}

const PARSERS = [
  ['safeParseResultBlock', (input: unknown) => expectTypedOrFallback(safeParseResultBlock(input))],
  ['safeParseVerdictBlock', (input: unknown) => expectTypedOrFallback(safeParseVerdictBlock(input))],
  [
    'maestro.result extract',
    (input: unknown) => expectTypedOrFallback(maestroResultContract.extract(input as string)),
  ],
  [
    'maestro.verdict extract',
    (input: unknown) => expectTypedOrFallback(maestroVerdictContract.extract(input as string)),
  ],
  [
    'maestro.result validate',
    (input: unknown) => {
      const result = maestroResultContract.validate(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error).toBeInstanceOf(ProtocolError);
    },
  ],
  [
    'safeParseInvocationLine',
    (input: unknown) => {
      const result = safeParseInvocationLine(input);
      if (!result.success) expect(result.error.code).toMatch(/^invalid_(input|invocation)$/);
    },
  ],
  [
    'safeParseRunVerdict',
    (input: unknown) => {
      const result = safeParseRunVerdict(input);
      if (!result.success) expect(result.error.code).toBe('invalid_verdict');
    },
  ],
  [
    'safeParseRalphCompleteArgv',
    (input: unknown) => {
      const result = safeParseRalphCompleteArgv(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error).toBeInstanceOf(RalphCommandError);
    },
  ],
  [
    'ralphComplete session',
    (input: unknown) => {
      const result = ralphComplete(input, { index: 0, status: 'DONE' }, { now: '2026-06-28T12:00:00.000Z' });
      expect(result.success).toBe(false);
      if (!result.success) expect([1, 2]).toContain(result.error.exitCode);
    },
  ],
  [
    'ralphComplete args',
    (input: unknown) => {
      const result = ralphComplete({}, input as never, { now: '2026-06-28T12:00:00.000Z' });
      expect(result.success || result.error.exitCode).toBe(2);
    },
  ],
  [
    'checkRalphSession',
    (input: unknown) => expect(checkRalphSession(input).some((f) => f.level === 'E')).toBe(true),
  ],
  ['ralphNext', (input: unknown) => expect(ralphNext(input).exitCode).toBe(1)],
] as const;

describe('junk input never throws and pollutes nothing', () => {
  describe.each(PARSERS)('%s', (_name, run) => {
    it.each(JUNK)('%s', (_label, input) => {
      expect(() => run(input)).not.toThrow();
      expect(polluted().polluted).toBeUndefined();
      expect(Object.keys(Object.prototype)).toEqual([]);
    });
  });

  it('keeps a parsed SIGNALS __proto__ key out of the result and says so', () => {
    const result = safeParseResultBlock(
      '---RESULT---\nSTATUS: DONE\nSIGNALS: __proto__=x;constructor=y\n---END---',
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(Object.getPrototypeOf(result.data.SIGNALS)).toBe(Object.prototype);
    expect(Object.keys(result.data.SIGNALS)).toEqual(['constructor']);
    expect(result.warnings?.map((warning) => warning.code)).toContain('unsafe_signal_key');
  });
});
