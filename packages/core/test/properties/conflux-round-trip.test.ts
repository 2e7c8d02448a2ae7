// Conflux verdicts: render then parse gives the verdict back, a truncated stream never yields another
// verdict, and the streaming detector agrees with the whole-output parser for every chunking.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptanceContract,
  createVerdictDetector,
  renderVerdict,
  safeParseAcceptanceOutput,
  toVerdictJson,
} from '../../src/conflux/index.js';
import { fixtureUnwrap } from '../conflux/_support.js';
import { runs, tokenText } from './_support/arbitraries.js';
import { acceptanceVerdict, narration } from './_support/verdicts.js';

const encoder = new TextEncoder();

/** Cut points (sorted, in range) that split `length` units into chunks. */
const cuts = (length: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: Math.max(0, length) }), { maxLength: 12 })
    .map((points) => points.sort((a, b) => a - b));

function chunksOf<T extends string | Uint8Array>(input: T, points: readonly number[]): T[] {
  const chunks: T[] = [];
  let start = 0;
  for (const point of [...points, input.length]) {
    chunks.push(input.slice(start, point) as T);
    start = point;
  }
  return chunks;
}

/** Conflux output shapes: markers with decoration, JSON verdicts (valid and not), fences, findings, events. */
const OUTPUT_TOKENS = [
  'ACCEPTANCE: PASS',
  '## **ACCEPTANCE: FAIL**',
  '> ACCEPTANCE: GATED',
  'ACCEPTANCE: BLOCKED',
  'ACCEPTANCE: CONTINUE',
  'ACCEPTANCE: PASSED',
  'FINDINGS:',
  '- missing test',
  '```',
  '~~~~',
  '```json',
  '{"acceptance":"pass"}',
  '{"acceptance":" FAIL ","findings":["a"]}',
  '{"acceptance":"fail","findings":[{"id":"x"}]}',
  '{"acceptance":"gated"}',
  '{"acceptance":"blocked","blocker":{"category":"credential","evidence":["e"],"unblock_condition":"u","next_action":"n","resumable":true}}',
  '{"type":"assistant","message":{"content":[{"type":"text","text":"ACCEPTANCE: FAIL\\nFINDINGS:\\n- x"}]}}',
  '{"type":"result","is_error":false,"result":"{\\"acceptance\\":\\"continue\\"}"}',
  '\n',
  '\r\n',
] as const;

describe('conflux: render then parse', () => {
  it('gives back every canonical verdict, after any narration', () => {
    fc.assert(
      fc.property(acceptanceVerdict, narration, (verdict, prose) => {
        const parsed = acceptanceContract.extract(`${prose}${renderVerdict(verdict)}`);
        expect(parsed.success).toBe(true);
        if (parsed.success) expect(toVerdictJson(parsed.data)).toEqual(verdict);
        const validated = acceptanceContract.validate(JSON.parse(JSON.stringify(verdict)));
        expect(validated.success && toVerdictJson(validated.data)).toEqual(verdict);
      }),
      runs(300),
    );
  });

  it('gives back the verdict from the bytes, decoded in any chunking by the streaming detector', () => {
    fc.assert(
      fc.property(
        acceptanceVerdict,
        narration,
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 10 }),
        (verdict, prose, _seed, points) => {
          const bytes = encoder.encode(`${prose}${renderVerdict(verdict)}\n`);
          const detector = createVerdictDetector();
          const sorted = [...new Set(points.map((point) => point % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          for (const chunk of chunksOf(bytes, sorted)) detector.push(chunk);
          const result = detector.end();
          expect(result.success && toVerdictJson(result.data)).toEqual(verdict);
        },
      ),
      runs(200),
    );
  });
});

describe('conflux: truncated output', () => {
  it('a truncated verdict stream yields the same verdict or none, never a different one', () => {
    fc.assert(
      fc.property(
        acceptanceVerdict,
        narration,
        narration,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (verdict, before, after, fraction) => {
          const stream = `${before}${renderVerdict(verdict)}\n${after}`;
          const cut = Math.floor(stream.length * fraction);
          for (const input of [stream.slice(0, cut), encoder.encode(stream).slice(0, cut)]) {
            const result = safeParseAcceptanceOutput(input);
            if (result.success) expect(toVerdictJson(result.data)).toEqual(verdict);
            else expect(result.error.code).toBe('missing_verdict');
          }
        },
      ),
      runs(400),
    );
  });
});

describe('conflux: streaming detector and whole-output parser', () => {
  const output = tokenText(OUTPUT_TOKENS, 30);

  it('agree on every text for every chunking of its UTF-8 bytes (split inside characters too)', () => {
    fc.assert(
      fc.property(
        output.chain((text) => {
          const bytes = encoder.encode(text);
          return fc.tuple(fc.constant(bytes), cuts(bytes.length), fc.boolean());
        }),
        ([bytes, points, unwrap]) => {
          const options = unwrap ? { unwrapLine: fixtureUnwrap } : {};
          const detector = createVerdictDetector(options);
          let decided: unknown;
          for (const chunk of chunksOf(bytes, points)) {
            detector.push(chunk);
            if (decided === undefined && detector.result !== undefined) decided = detector.result;
          }
          const whole = safeParseAcceptanceOutput(bytes, options);
          expect(detector.end()).toEqual(whole);
          // A result the detector settled on early never changes later.
          if (decided !== undefined) expect(decided).toEqual(whole);
        },
      ),
      runs(400),
    );
  });

  it('agree on every text for every chunking of the string, with invalid UTF-16 too', () => {
    fc.assert(
      fc.property(
        output.chain((text) => fc.tuple(fc.constant(text), cuts(text.length))),
        ([text, points]) => {
          const detector = createVerdictDetector({ unwrapLine: fixtureUnwrap });
          for (const chunk of chunksOf(text, points)) detector.push(chunk);
          expect(detector.end()).toEqual(safeParseAcceptanceOutput(text, { unwrapLine: fixtureUnwrap }));
        },
      ),
      runs(400),
    );
  });

  it('agree when string and byte chunks are mixed', () => {
    fc.assert(
      fc.property(
        output.chain((text) => fc.tuple(fc.constant(text), cuts(text.length), fc.array(fc.boolean()))),
        ([text, points, asBytes]) => {
          const detector = createVerdictDetector();
          // Cut between code points: half a surrogate pair encoded on its own is a different text.
          const whole = points.filter((point) => !/[\udc00-\udfff]/.test(text[point] ?? '') || point === 0);
          chunksOf(text, whole).forEach((chunk, index) => {
            detector.push(asBytes[index] ? encoder.encode(chunk) : chunk);
          });
          expect(detector.end()).toEqual(safeParseAcceptanceOutput(text));
        },
      ),
      runs(300),
    );
  });
});
