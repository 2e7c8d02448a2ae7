import { createVerdictScanner, type VerdictDetection } from './_scanner.js';
import type { AcceptanceParseOptions } from './parse-output.js';
import { type AcceptanceParseResult, VERDICT_SCHEMA } from './resolve-verdict.js';

export type { VerdictDetection };

/**
 * How long the Conflux runtime lets an acceptance process linger after a verdict was detected on stdout
 * before terminating it; the verdict then stands even though the exit code is non-zero.
 */
export const VERDICT_GRACE_PERIOD_SECONDS = 30;

/**
 * A streaming acceptance-verdict detector: feed it stdout chunks as they arrive, then read the final
 * detection.
 */
export interface VerdictDetector {
  /**
   * Feed the next chunk of stdout, split anywhere (even inside a UTF-8 sequence). Returns the detection this
   * chunk produced (the latest, if it produced two): the first legacy marker (`final: false`, a later JSON
   * verdict still wins) or the JSON verdict that decides the result (`final: true`). Chunks after the
   * decision or after `end()` are ignored.
   */
  push(chunk: string | Uint8Array): VerdictDetection | undefined;
  /** The output ended: the final result, identical to `safeParseAcceptanceOutput` on the whole output. */
  end(): AcceptanceParseResult;
  /** The latest detection; the moment to start a grace period before stopping a lingering process. */
  readonly detected: VerdictDetection | undefined;
  /** The result once it can no longer change: as soon as a JSON verdict is seen, else after `end()`. */
  readonly result: AcceptanceParseResult | undefined;
}

/**
 * A streaming verdict detector with the same rules, fence state and line bound as `safeParseAcceptanceOutput`.
 * It buffers only the current partial line, and drops it once it outgrows `maxLineLength`, so memory stays
 * bounded whatever the output.
 */
export function createVerdictDetector(options: AcceptanceParseOptions = {}): VerdictDetector {
  const scanner = createVerdictScanner({ ...options, verdictSchema: VERDICT_SCHEMA });
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let pieces: string[] = [];
  let pendingLength = 0;
  let overlong = false;
  let result: AcceptanceParseResult | undefined;
  let detected: VerdictDetection | undefined;

  /** The partial line plus `last`, ended by `\n` (`terminated`) or by the end of output. */
  function endLine(last: string, terminated: boolean): boolean {
    const wasOverlong = overlong;
    let line = wasOverlong ? '' : pieces.length === 0 ? last : pieces.join('') + last;
    pieces = [];
    pendingLength = 0;
    overlong = false;
    // An overlong line is longer than the limit even without a final `\r`; `rawLine` checks the others.
    if (wasOverlong) return scanner.skipLine();
    if (terminated && line.endsWith('\r')) line = line.slice(0, -1);
    return scanner.rawLine(line);
  }

  function feed(text: string): void {
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline === -1) {
        if (start === text.length) return;
        pendingLength += text.length - start;
        if (!overlong) pieces.push(text.slice(start));
        // Keep one code unit of slack: a final `\r` may still be dropped by the `\n` that follows.
        if (pendingLength > scanner.maxLineLength + 1) {
          overlong = true;
          pieces = [];
        }
        return;
      }
      const decided = endLine(text.slice(start, newline), true);
      start = newline + 1;
      if (decided) {
        result = scanner.decided;
        return;
      }
    }
  }

  return {
    get detected() {
      return detected;
    },
    get result() {
      return result;
    },
    push(chunk) {
      if (result !== undefined) return undefined;
      const before = scanner.detection;
      if (typeof chunk === 'string') feed(decoder.decode() + chunk);
      else if (chunk instanceof Uint8Array) feed(decoder.decode(chunk, { stream: true }));
      if (scanner.detection === before) return undefined;
      detected = scanner.detection;
      return detected;
    },
    end() {
      if (result !== undefined) return result;
      feed(decoder.decode());
      if (result === undefined) {
        if (overlong || pendingLength > 0) endLine('', false);
        result = scanner.finish();
      }
      detected = scanner.detection && { ...scanner.detection, final: true };
      return result;
    },
  };
}
