import type { ExtractOptions } from '../contract.js';
import { createVerdictScanner, type VerdictDetection } from './_scanner.js';
import type { AcceptanceParseResult } from './resolve-verdict.js';

export type { VerdictDetection };

/**
 * How long the Conflux runtime lets an acceptance process linger after a verdict was detected on stdout
 * before terminating it; the verdict then stands even though the exit code is non-zero.
 */
export const VERDICT_GRACE_PERIOD_SECONDS = 30;

export interface VerdictDetector {
  /**
   * Feed the next chunk of stdout, split anywhere (even inside a UTF-8 sequence). Returns the detection this
   * chunk produced (the latest, if it produced two): the first legacy marker (`final: false`, a later JSON
   * verdict still wins) or the JSON verdict that decides the result (`final: true`). Chunks after the
   * decision or after `end()` are ignored.
   */
  push(chunk: string | Uint8Array): VerdictDetection | undefined;
  /** The output ended: the final result, identical to `parseAcceptanceOutput` on the whole output. */
  end(): AcceptanceParseResult;
  /** The latest detection; the moment to start a grace period before stopping a lingering process. */
  readonly detected: VerdictDetection | undefined;
  /** The result once it can no longer change: as soon as a JSON verdict is seen, else after `end()`. */
  readonly result: AcceptanceParseResult | undefined;
}

/**
 * A streaming verdict detector with the same rules and fence state as `parseAcceptanceOutput`. It buffers
 * only the current partial line, so memory stays bounded by the longest line.
 */
export function createVerdictDetector(options: ExtractOptions = {}): VerdictDetector {
  const scanner = createVerdictScanner(options?.unwrapLine);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let pieces: string[] = [];
  let result: AcceptanceParseResult | undefined;
  let detected: VerdictDetection | undefined;

  function takeLine(last: string): string {
    if (pieces.length === 0) return last;
    pieces.push(last);
    const line = pieces.join('');
    pieces = [];
    return line;
  }

  function feed(text: string): void {
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline === -1) {
        if (start < text.length) pieces.push(text.slice(start));
        return;
      }
      let line = takeLine(text.slice(start, newline));
      if (line.endsWith('\r')) line = line.slice(0, -1);
      start = newline + 1;
      if (scanner.rawLine(line)) {
        pieces = [];
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
        const last = takeLine('');
        if (last !== '') scanner.rawLine(last);
        result = scanner.finish();
      }
      detected = scanner.detection && { ...scanner.detection, final: true };
      return result;
    },
  };
}
