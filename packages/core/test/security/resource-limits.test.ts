// Resource limits: a huge line without a newline, 10^6 lines and deep nesting end in bounded memory with
// a typed result.
import { describe, expect, it } from 'vitest';
import {
  acceptanceContract,
  createVerdictDetector,
  safeParseAcceptanceOutput,
} from '../../src/conflux/index.js';
import { builtinContracts } from '../../src/contracts.js';
import { ProtocolError } from '../../src/index.js';
import { safeParseResultBlock } from '../../src/maestro/index.js';
import { deepJson, deepObject, feedWithinMemory, MiB, STRESS_BYTES } from '../properties/_support/memory.js';

describe('the streaming verdict detector under resource pressure', () => {
  it(`reads ${STRESS_BYTES / MiB} MiB of stdout with no newline in bounded memory and ends with a typed error`, () => {
    // Generated chunk by chunk from one 1 MiB buffer (SKILLPACK_STRESS_BYTES sets the size, up to 1 GiB).
    // The detector keeps at most a 16 Mi-character line; 192 MiB leaves room for garbage not yet collected,
    // while a buffer that keeps what it reads passes that bound before the stream ends.
    const detector = createVerdictDetector();
    const chunk = new Uint8Array(MiB).fill(0x78);
    const { growth } = feedWithinMemory((bytes) => detector.push(bytes), chunk, STRESS_BYTES, 192 * MiB);
    expect(growth).toBeLessThan(192 * MiB);
    let result: ReturnType<typeof detector.end> | undefined;
    expect(() => {
      result = detector.end();
    }).not.toThrow();
    expect(result?.success).toBe(false);
    if (result && !result.success) {
      expect(result.error).toBeInstanceOf(ProtocolError);
      expect(result.error.message.length).toBeLessThan(2_000);
    }
  }, 120_000);

  it('reads 10^6 event lines in bounded memory and still finds the verdict at the end', () => {
    const detector = createVerdictDetector();
    const line = new TextEncoder().encode(`${JSON.stringify({ type: 'status', n: 0 })}\n`);
    const batch = new Uint8Array(line.byteLength * 1000);
    for (let i = 0; i < 1000; i++) batch.set(line, i * line.byteLength);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 1000; i++) detector.push(batch);
    detector.push('{"acceptance":"pass"}\n');
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * MiB);
    expect(detector.end()).toEqual({ success: true, data: { acceptance: 'pass', source: 'json' } });
  }, 60_000);
});

describe('deeply nested JSON', () => {
  const text = `{"acceptance":"fail","findings":${deepJson(100_000)}}`;

  it('safeParseAcceptanceOutput refuses 100 000 levels as not a verdict line, without a stack overflow', () => {
    const result = safeParseAcceptanceOutput(text);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('missing_verdict');
  });

  it.each(builtinContracts.list().map((contract) => [contract.id, contract] as const))(
    '%s: extract and validate return typed results for 100 000 levels',
    (_id, contract) => {
      for (const result of [
        contract.extract(text),
        contract.extract(`{"a":${deepJson(100_000, '{}')}}`),
        contract.validate(JSON.parse(deepJson(100_000))),
        contract.validate(deepObject(100_000)),
      ]) {
        expect(result).toHaveProperty('success');
        if (!result.success) expect(result.error).toBeInstanceOf(ProtocolError);
      }
    },
  );
});

describe('many lines', () => {
  it('parses 10^6 lines of output with a verdict at the end, for conflux and maestro', () => {
    const body = 'working on the retry branch\n'.repeat(1_000_000);
    expect(
      acceptanceContract.extract(`${body}{"acceptance":"continue"}\nACCEPTANCE: CONTINUE`),
    ).toMatchObject({
      success: true,
      data: { acceptance: 'continue' },
    });
    const block = safeParseResultBlock(`${body}---RESULT---\nSTATUS: BLOCKED\nSUMMARY: Stop\n---END---`);
    expect(block.success && block.data).toMatchObject({ fallback: false, STATUS: 'BLOCKED' });
  }, 60_000);
});
