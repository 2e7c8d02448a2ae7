import { ProtocolError } from '@skillpack/core';
import type { AgentRun, RunFormat } from '../agent-run.js';
import type { RuntimeId } from '../runtime-id.js';
import {
  type EventLineResult,
  isJsonObjectValue,
  lineTooLongError,
  notAnEventError,
  parseEventLine,
  type TypedEvent,
} from './event-line.js';
import type { EventVocabulary } from './event-vocabulary.js';
import type { LineSink } from './line-splitter.js';
import { PLAIN_TEXT_ERROR, PlainTextLines } from './plain-text.js';
import type { RunBuilder } from './run-builder.js';
import { createRunEngine, OutputLedger, PARTIAL_LAST_LINE, type RunEngine } from './run-engine.js';

export { PARTIAL_LAST_LINE } from './run-engine.js';

/** Events held back while `auto` looks for the runtime; past this, detection gives up. */
export const DETECTION_WINDOW = 64;

/** What the dispatcher needs of one runtime: how to recognise its events and its vocabulary. */
export interface DispatchRuntime {
  readonly id: RuntimeId;
  readonly events: EventVocabulary;
  /**
   * The vocabulary of the event objects its SDK yields, where they differ from its lines (a run read from
   * objects uses it); absent when the SDK yields the lines' events as they are.
   */
  readonly sdkEvents?: EventVocabulary | undefined;
  /** The format of a whole JSON document of its events, when it has one. */
  readonly documentFormat: RunFormat | undefined;
}

/** The runtimes a read may be, passed in by the caller (the registry stands above this engine). */
export interface DispatchRuntimes {
  readonly byId: Readonly<Record<RuntimeId, DispatchRuntime>>;
  /** The runtime that wrote this event, when the event alone says so. */
  sniff(event: TypedEvent): RuntimeId | undefined;
  /** The outputs expected, for the message of an undetected one: "A, B or C lines". */
  readonly expectedOutputs: string;
}

export interface LineDispatcher extends LineSink {
  object(number: number, value: object): void;
  finish(): AgentRun;
}

/** Where an item came from: a line of text, or an object an SDK yielded. */
type ItemSource = 'line' | 'object';

interface DispatchSettings {
  readonly runtime: 'auto' | RuntimeId;
  readonly maxLineBytes: number;
  readonly runtimes: DispatchRuntimes;
}

/**
 * Route each line to the runtime's reader. JSONL is the normal case; a whole-document JSON (Claude
 * `--output-format json`, pretty-printed or as the older array, or a Codex notify payload) is recognised
 * when the first non-blank line opens one (`{` or `[` alone) and parsed at the end, bounded by
 * `maxLineBytes` like any single line.
 */
export function createLineDispatcher(run: RunBuilder, settings: DispatchSettings): LineDispatcher {
  let mode: 'start' | 'lines' | 'document' = 'start';
  const { runtimes } = settings;
  let reader: RunEngine | undefined;
  let pending: { event: TypedEvent; line: number; position: number }[] = [];
  // The source of the first event decides the vocabulary: an SDK's objects may differ from its CLI's lines.
  let firstSource: ItemSource | undefined;
  const ledger = new OutputLedger();
  let undetected = false;
  let documentLines: { text: string; line: number }[] = [];
  let documentChars = 0;
  // Only `auto` may find that the output is no runtime's events at all, but plain text.
  const plainText = settings.runtime === 'auto' ? new PlainTextLines(settings.maxLineBytes) : undefined;
  if (settings.runtime !== 'auto') run.runtime = settings.runtime;

  function giveUpDetection(reason: string): void {
    undetected = true;
    run.problem(
      new ProtocolError(
        'runtime_undetected',
        `Could not tell which runtime wrote this output (${reason}). Expected ${runtimes.expectedOutputs} lines; pass { runtime } to read it as one of them.`,
        { details: { reason, window: DETECTION_WINDOW } },
      ),
    );
    for (const held of pending) run.unknown(held.event.type);
    pending = [];
  }

  function startReader(runtime: RuntimeId): RunEngine {
    run.runtime = runtime;
    const declared = runtimes.byId[runtime];
    const vocabulary = firstSource === 'object' ? (declared.sdkEvents ?? declared.events) : declared.events;
    const started = createRunEngine(run, vocabulary);
    reader = started;
    plainText?.drop();
    const held = pending;
    pending = [];
    for (const { event, line, position } of held) started.accept(event, line, position);
    return started;
  }

  function route(event: TypedEvent, line: number, source: ItemSource = 'line'): void {
    firstSource ??= source;
    const position = ledger.note('event');
    if (reader) {
      reader.accept(event, line, position);
      return;
    }
    if (undetected) {
      run.unknown(event.type);
      return;
    }
    const runtime = settings.runtime === 'auto' ? runtimes.sniff(event) : settings.runtime;
    if (runtime) {
      startReader(runtime).accept(event, line, position);
      return;
    }
    pending.push({ event, line, position });
    if (pending.length >= DETECTION_WINDOW)
      giveUpDetection(`no known event in the first ${DETECTION_WINDOW}`);
  }

  function handle(parsed: EventLineResult, line: number): void {
    if (parsed.kind === 'event') route(parsed.event, line);
    else if (parsed.kind === 'error') {
      ledger.note('broken');
      run.malformedLine(line, parsed.error);
    } else if (parsed.kind === 'json') {
      // An array of events on one line (Claude `--output-format json --verbose`) reads as its events, wherever it is.
      if (Array.isArray(parsed.value)) routeDocument(parsed.value, line);
      else {
        ledger.note('json');
        run.malformedLine(line, () => notAnEventError(parsed.value, line));
      }
    }
  }

  /** Route the events of one JSON document: an event object, or an array of them. */
  function routeDocument(value: unknown, line: number): void {
    mode = 'lines';
    const events = Array.isArray(value) ? value : [value];
    const first = events.find(isJsonObjectValue);
    if (first && typeof first.type === 'string') {
      const runtime = settings.runtime === 'auto' ? runtimes.sniff(first as TypedEvent) : settings.runtime;
      const format = runtime ? runtimes.byId[runtime].documentFormat : undefined;
      if (format) run.format ??= format;
    }
    if (events.length === 0) ledger.note('json');
    for (const item of events) {
      if (isJsonObjectValue(item) && typeof item.type === 'string') route(item as TypedEvent, line);
      else {
        ledger.note('json');
        run.malformedLine(line, () => notAnEventError(item, line));
      }
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

    object(number, value) {
      run.lineCount = number;
      plainText?.drop();
      // Objects are events already parsed: no document to assemble and nothing to parse again.
      if (mode === 'document') replayDocumentLines();
      mode = 'lines';
      if (isJsonObjectValue(value) && typeof value.type === 'string')
        route(value as TypedEvent, number, 'object');
      else {
        ledger.note('json');
        run.malformedLine(number, () => notAnEventError(value, number));
      }
    },

    tooLong(number, bytes) {
      run.lineCount = number;
      if (!reader) plainText?.tooLong();
      if (mode === 'document') replayDocumentLines();
      if (mode === 'start') mode = 'lines';
      ledger.note('too-long');
      ledger.tooLong ??= { line: number, bytes };
      run.malformedLine(number, lineTooLongError(number, bytes, settings.maxLineBytes));
    },

    finish() {
      if (mode === 'document') finishDocument();
      // A given runtime reads even an output with no event of its: its engine says how that run ended.
      if (!reader && settings.runtime !== 'auto') startReader(settings.runtime);
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
      if (ledger.lastKind === 'broken') run.warn(PARTIAL_LAST_LINE.code, PARTIAL_LAST_LINE.message);
      return run.build(reader.finish(ledger));
    },
  };
}
