// Every prefix of every Qwen Code capture, cut at each line boundary and at random byte offsets, reads as not
// complete or gives the answer the whole capture gives: never the concatenation, never an earlier attempt.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractContract } from '../../src/extract-contract.js';
import { type Accepted, acceptance, acceptedOf } from '../_support/read-paths.js';
import { readQwen } from './_read-qwen.js';

const dir = new URL('../fixtures/qwen-code/captured/', import.meta.url);
const CAPTURES = readdirSync(dir)
  .filter((file) => file !== 'SOURCES.md')
  .map((file) => ({ file, bytes: readFileSync(new URL(file, dir)) }));

async function accepted(
  bytes: Buffer,
): Promise<{ accepted: Accepted; finalText: string | undefined; complete: boolean }> {
  const run = await readQwen(bytes);
  return {
    accepted: acceptedOf(extractContract(run, acceptance)),
    finalText: run.finish === 'complete' ? run.finalText : undefined,
    complete: run.finish === 'complete',
  };
}

function lineCuts(bytes: Buffer): number[] {
  const cuts = new Set<number>([0, bytes.length]);
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) cuts.add(i).add(i + 1);
  return [...cuts].sort((a, b) => a - b);
}

/** What the captures are meant to read as, so the sweep compares against a known answer, not itself. */
const WHOLE: Readonly<Record<string, Accepted>> = {
  'stream-json-block-then-tool.jsonl': 'pass',
  'stream-json-pass-then-http-401.jsonl': 'none',
  'stream-json-tool-then-empty.jsonl': 'none',
};

describe.each(CAPTURES)('every prefix of $file', ({ file, bytes }) => {
  it('reads as not complete, or as the whole capture reads', async () => {
    const whole = await accepted(bytes);
    if (WHOLE[file] !== undefined) expect(whole.accepted).toBe(WHOLE[file]);
    for (const cut of lineCuts(bytes)) {
      const prefix = await accepted(bytes.subarray(0, cut));
      if (cut < bytes.length - 1) expect(prefix.complete, `cut at ${cut}`).toBe(false);
      expect([whole.accepted, 'none'], `cut at ${cut}`).toContain(prefix.accepted);
      if (prefix.finalText !== undefined) expect(prefix.finalText).toBe(whole.finalText);
    }
  });

  it('reads random byte prefixes the same way', async () => {
    const whole = await accepted(bytes);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: bytes.length }), async (cut) => {
        const prefix = await accepted(bytes.subarray(0, cut));
        expect([whole.accepted, 'none']).toContain(prefix.accepted);
        if (prefix.finalText !== undefined) expect(prefix.finalText).toBe(whole.finalText);
      }),
      { numRuns: 40 },
    );
  });
});
