import { ProtocolError } from '@skillpack/core';
import type { AgentRun, RunError } from '../agent-run.js';
import type { RuntimeId } from '../runtime-id.js';
import { ADAPTER_RUNTIME_LIST, ADAPTER_RUNTIMES, orList } from '../runtimes.js';
import { detectRuntime } from './detect-runtime.js';
import {
  type EventLineResult,
  isJsonObjectValue,
  lineTooLongError,
  notAnEventError,
  parseEventLine,
  type TypedEvent,
} from './event-line.js';
import type { LineSink } from './line-splitter.js';
import { PLAIN_TEXT_ERROR, PlainTextLines } from './plain-text.js';
import type { RunBuilder, RunSummary } from './run-builder.js';
import type { RunReader, RunReaderFactory } from './run-reader.js';

/** The error of a run whose output ends inside a line: the cut event may be the one that said it failed. */
export const PARTIAL_LAST_LINE: RunError = {
  code: 'partial_last_line',
  message:
    'The output ends in a line that is not a complete JSON event: the run was cut while writing it, and that line may be the one that says how it ended.',
};

/** A run whose last line is broken did not complete, whatever the lines before it say. */
function cutShort(summary: RunSummary, lastLineBroken: boolean): RunSummary {
  if (!lastLineBroken || summary.finish !== 'complete') return summary;
  return { ...summary, finish: 'truncated', error: PARTIAL_LAST_LINE };
}

const EXPECTED_OUTPUTS = orList(ADAPTER_RUNTIME_LIST.map((runtime) => runtime.outputName));

/** Events held back while `auto` looks for the runtime; past this, detection gives up. */
export const DETECTION_WINDOW = 64;

export interface LineDispatcher extends LineSink {
  finish(): AgentRun;
}

interface DispatchSettings {
  readonly runtime: 'auto' | RuntimeId;
  readonly maxLineBytes: number;
  readonly readers: Readonly<Record<RuntimeId, RunReaderFactory>>;
}

/**
 * Route each line to the runtime's reader. JSONL is the normal case; a whole-document JSON (Claude
 * `--output-format json`, pretty-printed or as the older array, or a Codex notify payload) is recognised
 * when the first non-blank line opens one (`{` or `[` alone) and parsed at the end, bounded by
 * `maxLineBytes` like any single line.
 */
export function createLineDispatcher(run: RunBuilder, settings: DispatchSettings): LineDispatcher {
  let mode: 'start' | 'lines' | 'document' = 'start';
  let reader: RunReader | undefined;
  let pending: { event: TypedEvent; line: number }[] = [];
  let undetected = false;
  // Whether the last non-blank line read is no JSON at all: a runtime killed while writing its last event.
  let lastLineBroken = false;
  let documentLines: { text: string; line: number }[] = [];
  let documentChars = 0;
  // Only `auto` may find that the output is no runtime's events at all, but plain text.
  const plainText = settings.runtime === 'auto' ? new PlainTextLines(settings.maxLineBytes) : undefined;
  if (settings.runtime !== 'auto') startReader(settings.runtime);

  function giveUpDetection(reason: string): void {
    undetected = true;
    run.problem(
      new ProtocolError(
        'runtime_undetected',
        `Could not tell which runtime wrote this output (${reason}). Expected ${EXPECTED_OUTPUTS} lines; pass { runtime } to read it as one of them.`,
        { details: { reason, window: DETECTION_WINDOW } },
      ),
    );
    for (const held of pending) run.unknown(held.event.type);
    pending = [];
  }

  function startReader(runtime: RuntimeId): RunReader {
    const started = settings.readers[runtime](run);
    reader = started;
    plainText?.drop();
    const held = pending;
    pending = [];
    for (const { event, line } of held) started.accept(event, line);
    return started;
  }

  function route(event: TypedEvent, line: number): void {
    if (reader) {
      reader.accept(event, line);
      return;
    }
    if (undetected) {
      run.unknown(event.type);
      return;
    }
    const runtime = settings.runtime === 'auto' ? detectRuntime(event) : settings.runtime;
    if (runtime) {
      startReader(runtime).accept(event, line);
      return;
    }
    pending.push({ event, line });
    if (pending.length >= DETECTION_WINDOW)
      giveUpDetection(`no known event in the first ${DETECTION_WINDOW}`);
  }

  function handle(parsed: EventLineResult, line: number): void {
    if (parsed.kind !== 'blank') lastLineBroken = parsed.kind === 'error';
    if (parsed.kind === 'event') route(parsed.event, line);
    else if (parsed.kind === 'error') run.malformedLine(line, parsed.error);
    else if (parsed.kind === 'json') {
      // An array of events on one line (Claude `--output-format json --verbose`) reads as its events, wherever it is.
      if (Array.isArray(parsed.value)) routeDocument(parsed.value, line);
      else run.malformedLine(line, () => notAnEventError(parsed.value, line));
    }
  }

  /** Route the events of one JSON document: an event object, or an array of them. */
  function routeDocument(value: unknown, line: number): void {
    mode = 'lines';
    const events = Array.isArray(value) ? value : [value];
    const first = events.find(isJsonObjectValue);
    if (first && typeof first.type === 'string') {
      const runtime = settings.runtime === 'auto' ? detectRuntime(first as TypedEvent) : settings.runtime;
      const format = runtime ? ADAPTER_RUNTIMES[runtime].documentFormat : undefined;
      if (format) run.format ??= format;
    }
    for (const item of events) {
      if (isJsonObjectValue(item) && typeof item.type === 'string') route(item as TypedEvent, line);
      else run.malformedLine(line, () => notAnEventError(item, line));
    }
  }

  let documentTooLarge = false;

  function replayDocumentLines(): void {
    const lines = documentLines;
    documentLines = [];
    documentChars = 0;
    mode = 'lines';
    for (const { text, line } of lines) handle(parseEventLine(text, line), line);
  }

  function finishDocument(): void {
    const start = documentLines[0]?.line ?? 1;
    let value: unknown;
    try {
      value = JSON.parse(documentLines.map((entry) => entry.text).join('\n'));
    } catch {
      replayDocumentLines();
      return;
    }
    documentLines = [];
    routeDocument(value, start);
  }

  return {
    line(number, text) {
      run.lineCount = number;
      if (!reader) plainText?.add(text);
      if (mode === 'document') {
        documentLines.push({ text, line: number });
        documentChars += text.length + 1;
        if (documentChars > settings.maxLineBytes) {
          documentTooLarge = true;
          run.problem(
            new ProtocolError(
              'document_too_large',
              `The JSON document starting on line ${documentLines[0]?.line} is longer than maxLineBytes (${settings.maxLineBytes}); reading it line by line instead.`,
              { details: { line: documentLines[0]?.line, maxLineBytes: settings.maxLineBytes } },
            ),
          );
          replayDocumentLines();
        }
        return;
      }
      const parsed = parseEventLine(text, number);
      if (parsed.kind === 'blank') return;
      if (mode === 'start') {
        const trimmed = text.trim();
        if (parsed.kind === 'error' && (trimmed === '{' || trimmed.startsWith('['))) {
          mode = 'document';
          documentLines = [{ text, line: number }];
          documentChars = text.length;
          return;
        }
        if (!(parsed.kind === 'json' && Array.isArray(parsed.value))) mode = 'lines';
      }
      handle(parsed, number);
    },

    tooLong(number, bytes) {
      run.lineCount = number;
      if (!reader) plainText?.tooLong();
      if (mode === 'document') replayDocumentLines();
      if (mode === 'start') mode = 'lines';
      run.malformedLine(number, lineTooLongError(number, bytes, settings.maxLineBytes));
    },

    finish() {
      if (mode === 'document') finishDocument();
      // An input that could not be read at all already has its problem; detection has nothing to say.
      const unread = run.lineCount === 0 && run.problemCount > 0;
      if (!reader && !undetected && settings.runtime === 'auto' && !unread) {
        giveUpDetection(run.lineCount === 0 ? 'the output is empty' : 'no line is a known runtime event');
      }
      if (!reader) {
        // No runtime event at all: the output is the agent's text, with no sign that the run completed.
        if (undetected && plainText?.overflowed && !documentTooLarge) {
          run.problem(
            new ProtocolError(
              'document_too_large',
              `The output has no runtime event and is longer than maxLineBytes (${settings.maxLineBytes}) as plain text; its text is not kept.`,
              { details: { maxLineBytes: settings.maxLineBytes } },
            ),
          );
        }
        const text = undetected ? plainText?.text() : undefined;
        if (text === undefined) return run.build({ finish: 'unknown' });
        run.format = 'text';
        return run.build({ finish: 'unknown', error: PLAIN_TEXT_ERROR, finalText: text });
      }
      if (lastLineBroken) run.warn(PARTIAL_LAST_LINE.code, PARTIAL_LAST_LINE.message);
      return run.build(cutShort(reader.finish(), lastLineBroken));
    },
  };
}
