import type { ProtocolError } from '../errors.js';
import { fail, ok } from '../result.js';
import { createFenceTracker } from '../text/fence.js';
import { forEachLine } from '../text/lines.js';
import { runNotCompleteOf, type UnwrapLine } from '../text/unwrap.js';
import { toWellFormedText } from '../text/well-formed.js';
import { trimUnicodeWhitespace } from '../text/whitespace.js';
import { resolveJsonVerdict, schemaVerdict, type VerdictSchemaStep } from './_resolve-json-verdict.js';
import { bareBlockerError, missingVerdictError } from './error-codes.js';
import { readJsonVerdictLine } from './json-verdict.js';
import { canonicalVerdictKind } from './marker.js';
import type { AcceptanceParseResult } from './resolve-verdict.js';
import type { AcceptanceKind, VerdictSource } from './vocabulary.js';

/** A verdict seen in the output: a JSON verdict is final; a legacy marker can still lose to a later JSON one. */
export interface VerdictDetection {
  readonly kind: AcceptanceKind;
  readonly source: VerdictSource;
  /** 1-based raw output line (an agent event line counts once, whatever text it carries). */
  readonly line: number;
  readonly final: boolean;
}

export interface ScanOptions {
  /** The verdict's schema (`VERDICT_SCHEMA`, zod's, unless a fast path passes what the build derived). */
  readonly verdictSchema: VerdictSchemaStep;
  readonly unwrapLine?: UnwrapLine | undefined;
  /** Raw lines longer than this (in UTF-16 code units) are skipped, so memory stays bounded. */
  readonly maxLineLength?: number | undefined;
  /**
   * Read on after the deciding verdict to count the others, for a `several_verdicts` warning (a whole
   * output); the streaming detector stops at the decision instead.
   */
  readonly countVerdicts?: boolean | undefined;
}

export interface VerdictScanner {
  /** Feed one raw output line without its terminator; `true` once a JSON verdict decided the result. */
  rawLine(line: string): boolean;
  /** Count a raw line that was too long to keep, without reading it. */
  skipLine(): boolean;
  readonly maxLineLength: number;
  readonly detection: VerdictDetection | undefined;
  readonly decided: AcceptanceParseResult | undefined;
  /** The output ended: the unwrapper's held-back text (`UnwrapLine.end`, once) is read, then the result. */
  finish(): AcceptanceParseResult;
}

const TAIL_LINES = 5;
const TAIL_CLIP = 200;
const SKIPPED_REPORTED = 10;

/** The default longest raw line read (16 Mi code units), as the adapters' readers bound a line. */
export const DEFAULT_MAX_LINE_LENGTH = 16 * 2 ** 20;

function lineLimit(value: unknown): number {
  return typeof value === 'number' && value >= 1 ? value : DEFAULT_MAX_LINE_LENGTH;
}

function callUnwrap(unwrapLine: UnwrapLine | undefined, line: string): string | undefined {
  if (unwrapLine === undefined) return undefined;
  try {
    const text = unwrapLine(line);
    return typeof text === 'string' ? toWellFormedText(text) : undefined;
  } catch {
    // A throwing unwrapper means "not an event line"; the raw line stands.
    return undefined;
  }
}

/** The text a stateful unwrapper held back until the output ended (`UnwrapLine.end`), if any. */
function callEnd(unwrapLine: UnwrapLine | undefined): string | undefined {
  if (typeof unwrapLine?.end !== 'function') return undefined;
  try {
    const text = unwrapLine.end();
    return typeof text === 'string' ? toWellFormedText(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Conflux parser as a line-at-a-time state machine, shared by `safeParseAcceptanceOutput` and the streaming
 * detector so both apply the same rules with the same fence state: unwrap each raw line, trim each text line,
 * skip fenced lines, let the first JSON verdict win, else remember the first legacy marker and, after a FAIL
 * marker, collect `FINDINGS:` items.
 */
export function createVerdictScanner(options: ScanOptions): VerdictScanner {
  const verdictSchema = options.verdictSchema;
  const unwrap = typeof options?.unwrapLine === 'function' ? options.unwrapLine : undefined;
  const maxLineLength = lineLimit(options?.maxLineLength);
  const skipped: number[] = [];
  let skippedCount = 0;
  const fence = createFenceTracker();
  const tail: string[] = [];
  let tailNext = 0;
  const legacyFindings: string[] = [];
  let rawLines = 0;
  let legacy: { kind: AcceptanceKind; line: number } | undefined;
  let collecting = false;
  let detection: VerdictDetection | undefined;
  let decided: AcceptanceParseResult | undefined;
  let ended = false;
  let notComplete: ProtocolError<'run_not_complete'> | undefined;
  const counting = options?.countVerdicts === true;
  const verdicts = { json: 0, legacy: 0, kinds: new Set<AcceptanceKind>() };

  /** After the decision: count the verdicts that follow, outside fences. */
  function countLine(raw: string): boolean {
    const text = trimUnicodeWhitespace(raw);
    if (fence.step(text) !== 'outside') return false;
    const json = readJsonVerdictLine(text);
    const kind = json?.kind ?? canonicalVerdictKind(text);
    if (kind === undefined) return false;
    if (json) verdicts.json++;
    else verdicts.legacy++;
    verdicts.kinds.add(kind);
    return false;
  }

  function textLine(raw: string): boolean {
    if (decided !== undefined) return countLine(raw);
    const text = trimUnicodeWhitespace(raw);
    if (text !== '') {
      tail[tailNext] = text;
      tailNext = (tailNext + 1) % TAIL_LINES;
    }
    if (fence.step(text) !== 'outside') return false;
    const json = readJsonVerdictLine(text);
    if (json !== undefined) {
      decided = withSkipWarning(resolveJsonVerdict(json, { source: 'json', line: rawLines }, verdictSchema));
      detection = { kind: json.kind, source: 'json', line: rawLines, final: true };
      verdicts.json++;
      verdicts.kinds.add(json.kind);
      return !counting;
    }
    const marker = counting || legacy === undefined ? canonicalVerdictKind(text) : undefined;
    if (marker !== undefined) {
      verdicts.legacy++;
      verdicts.kinds.add(marker);
    }
    if (legacy === undefined) {
      if (marker !== undefined) {
        legacy = { kind: marker, line: rawLines };
        detection = { kind: marker, source: 'legacy', line: rawLines, final: false };
      }
      return false;
    }
    if (legacy.kind !== 'fail') return false;
    if (text === 'FINDINGS:') collecting = true;
    else if (collecting) {
      if (text.startsWith('- ')) legacyFindings.push(trimUnicodeWhitespace(text.slice(2)));
      else if (text !== '') collecting = false;
    }
    return false;
  }

  function withSkipWarning(result: AcceptanceParseResult): AcceptanceParseResult {
    if (skippedCount === 0 || !result.success) return result;
    return ok(result.data, [
      {
        code: 'line_too_long',
        message: `Skipped ${skippedCount} output line(s) longer than ${maxLineLength} characters; a verdict there is not read.`,
        details: { lines: [...skipped], count: skippedCount, maxLineLength },
      },
    ]);
  }

  function finishLegacy(): AcceptanceParseResult {
    if (legacy === undefined) {
      const ordered = [...tail.slice(tailNext), ...tail.slice(0, tailNext)];
      const clipped = ordered.map((line) =>
        line.length > TAIL_CLIP ? `${line.slice(0, TAIL_CLIP)}…` : line,
      );
      const skips =
        skippedCount === 0 ? undefined : { lines: [...skipped], count: skippedCount, maxLineLength };
      return fail(missingVerdictError(rawLines, clipped, skips));
    }
    const at = { source: 'legacy', line: legacy.line } as const;
    switch (legacy.kind) {
      case 'pass':
      case 'continue':
        return withSkipWarning(schemaVerdict(legacy.kind, {}, {}, at, verdictSchema));
      case 'fail':
        return withSkipWarning(
          schemaVerdict('fail', {}, { findings: [...legacyFindings] }, at, verdictSchema),
        );
      case 'gated':
        return fail(
          bareBlockerError({ rejection: { kind: 'missing' }, fieldPath: 'blocker', received: undefined }, at),
        );
    }
  }

  function skipLine(): boolean {
    if (decided !== undefined) return true;
    rawLines++;
    skippedCount++;
    if (skipped.length < SKIPPED_REPORTED) skipped.push(rawLines);
    return false;
  }

  /** A JSON verdict and its legacy marker are one verdict; more of either, or kinds that differ, are several. */
  function withVerdictWarning(result: AcceptanceParseResult): AcceptanceParseResult {
    const several = verdicts.json > 1 || verdicts.legacy > 1 || verdicts.kinds.size > 1;
    if (!counting || !several || !result.success) return result;
    const kinds = [...verdicts.kinds];
    return ok(result.data, [
      ...(result.warnings ?? []),
      {
        code: 'several_verdicts',
        message: `Expected exactly one verdict in the final message; found ${verdicts.json} JSON verdict(s) and ${verdicts.legacy} legacy marker(s) (${kinds.join(', ')}). The first JSON verdict was read.`,
        details: { json: verdicts.json, legacy: verdicts.legacy, kinds },
      },
    ]);
  }

  function rawLine(line: string): boolean {
    if (decided !== undefined && !counting) return true;
    if (line.length > maxLineLength) {
      // A whole-run unwrapper sees every line: one too long to hold fails its run, never vanishes.
      if (typeof unwrap?.notComplete === 'function') callUnwrap(unwrap, line);
      return skipLine();
    }
    rawLines++;
    // A lone surrogate only matters once it is text (the unwrapper's JSON parse treats it like U+FFFD).
    const unwrapped = callUnwrap(unwrap, line);
    if (unwrapped === undefined) return textLine(toWellFormedText(line));
    return unwrapped !== '' && forEachLine(unwrapped, textLine);
  }

  return {
    get detection() {
      return detection;
    },
    get decided() {
      return decided;
    },
    maxLineLength,
    skipLine,
    rawLine,
    finish() {
      if (!ended) {
        ended = true;
        // Text held back to the end counts as the last raw line's.
        const held = decided === undefined || counting ? callEnd(unwrap) : undefined;
        if (held) forEachLine(held, textLine);
        notComplete = runNotCompleteOf(unwrap);
      }
      if (notComplete) return fail(notComplete);
      return withVerdictWarning(decided ?? finishLegacy());
    },
  };
}

/** The result of a whole output, read line by line by one scanner. */
export function scanOutput(text: string, options: ScanOptions): AcceptanceParseResult {
  const scanner = createVerdictScanner(options);
  forEachLine(text, scanner.rawLine);
  return scanner.finish();
}
