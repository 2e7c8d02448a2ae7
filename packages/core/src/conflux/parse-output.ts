import type { ExtractOptions } from '../contract.js';
import { unwrap } from '../result.js';
import { scanOutput } from './_scanner.js';

export { DEFAULT_MAX_LINE_LENGTH } from './_scanner.js';

/** Options of `safeParseAcceptanceOutput`: line unwrapping, the longest line read, and repeated verdicts. */
export interface AcceptanceParseOptions extends ExtractOptions {
  /**
   * Skip raw lines longer than this many UTF-16 code units (default 16 Mi, as the adapters' readers do); a
   * success then carries a `line_too_long` warning. The streaming detector applies the same bound.
   */
  readonly maxLineLength?: number;
  /**
   * Read past the deciding verdict and add a `several_verdicts` warning when the text holds more than one
   * (a JSON verdict and its legacy marker count as one). The contract's `extract` sets it, since it reads
   * one final message; off by default, as the Conflux runtime has no such warning.
   */
  readonly warnSeveralVerdicts?: boolean;
}

import { type AcceptanceParseResult, VERDICT_SCHEMA } from './resolve-verdict.js';
import type { ParsedAcceptanceVerdict } from './schemas.js';

/** UTF-8 with U+FFFD for invalid bytes and the BOM kept, like Rust's `String::from_utf8_lossy`. */
export function decodeOutput(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/**
 * Parse a whole acceptance run's stdout (a string, or bytes decoded as UTF-8) the way the Conflux runtime
 * does. Pass `unwrapLine` (from `@skillpack/adapters`) to read raw `claude -p --output-format stream-json`,
 * `codex exec --json` or `opencode run --format json` output. Never throws: anything that is not text or
 * bytes reads as empty output.
 *
 * The first strict JSON verdict line wins, even over an earlier legacy marker; otherwise the first legacy
 * marker (with its `FINDINGS:` items after a FAIL) decides. Fenced lines never count, and an unclosed fence
 * swallows the rest. No verdict at all is a `missing_verdict` error, never an implicit CONTINUE.
 */
export function safeParseAcceptanceOutput(
  output: string | Uint8Array,
  options: AcceptanceParseOptions = {},
): AcceptanceParseResult {
  const text = typeof output === 'string' ? output : output instanceof Uint8Array ? decodeOutput(output) : '';
  return scanOutput(text, {
    ...options,
    countVerdicts: options.warnSeveralVerdicts === true,
    verdictSchema: VERDICT_SCHEMA,
  });
}

/** The throwing twin of `safeParseAcceptanceOutput`: the verdict, or its `ProtocolError` thrown. */
export function parseAcceptanceOutput(
  output: string | Uint8Array,
  options: AcceptanceParseOptions = {},
): ParsedAcceptanceVerdict {
  return unwrap(safeParseAcceptanceOutput(output, options));
}
