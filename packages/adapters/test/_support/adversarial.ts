// Issue #38: the adversarial classes as generators. Functions from a fixture's bytes (and the facts a reader
// gave for it) to named variants, each a run that must not read as complete on any path. They know a runtime
// only through its declaration (its terminal events) and its reader (which line completes a call), so a
// runtime gets them by being declared.
import type { TypedEvent } from '../../src/_shared/event-line.js';
import { createRunLineReader } from '../../src/read-agent-run.js';
import type { RuntimeId } from '../../src/runtime-id.js';
import { ADAPTER_RUNTIMES } from '../../src/runtimes.js';

/** One JSON event line, parsed, or `undefined` for a line that is not a JSON object. */
type EventObject = Readonly<Record<string, unknown>>;

/** Whether a line ends a run of `runtime`: its declaration's own terminal events, the engine's rule. */
function isTerminal(runtime: RuntimeId, event: EventObject): boolean {
  return typeof event.type === 'string' && ADAPTER_RUNTIMES[runtime].events.isTerminal(event as TypedEvent);
}

const nested = (event: EventObject, key: string): EventObject | undefined => {
  const value = event[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as EventObject)
    : undefined;
};

/** The main-agent calls still open when `lines` end, as the runtime's reader sees them. */
function openCalls(runtime: RuntimeId, lines: readonly string[]): number {
  const { dispatcher } = createRunLineReader({ runtime, keepTools: true });
  for (const [index, line] of lines.entries()) dispatcher.line(index + 1, line);
  return dispatcher
    .finish()
    .tools.filter(
      (tool) => tool.subagent !== true && (tool.status === 'pending' || tool.status === 'running'),
    ).length;
}

/** A generated input: the class it belongs to, a name that says what was done, and its bytes. */
export interface Variant {
  readonly kind: AdversarialClass;
  readonly name: string;
  readonly bytes: Buffer;
  /** The line limit the variant is built against, when it is smaller than the readers' default. */
  readonly maxLineBytes?: number;
}

export const ADVERSARIAL_CLASSES = [
  'after-terminal',
  'huge-line',
  'second-run',
  'session-switch',
  'never-run-tool',
  'empty-final',
  'missing-first-event',
] as const;
export type AdversarialClass = (typeof ADVERSARIAL_CLASSES)[number];

/** The facts a reader gave for the whole fixture, which the generators rewrite. */
export interface FixtureFacts {
  readonly runtime: RuntimeId;
  readonly sessionId?: string | undefined;
  /** The run's final message, blanked by the `empty-final` class. */
  readonly finalText?: string | undefined;
}

/** The fixture's non-blank lines (without terminators). */
export function eventLines(bytes: Buffer): string[] {
  return bytes
    .toString('utf8')
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '');
}

function parseEvent(line: string): EventObject | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as EventObject)
      : undefined;
  } catch {
    return undefined;
  }
}

const joined = (lines: readonly string[]) => Buffer.from(`${lines.join('\n')}\n`);

/** Index of the last terminal event line, or -1. */
export function lastTerminalIndex(runtime: RuntimeId, lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    const event = parseEvent(lines[i]!);
    if (event && isTerminal(runtime, event)) return i;
  }
  return -1;
}

/** A JSON line of `bytes` UTF-8 bytes (ASCII padding), an event no runtime declares. */
export function paddedLine(bytes: number): string {
  const head = '{"type":"adversarial.padding","pad":"';
  const tail = '"}';
  return `${head}${'x'.repeat(Math.max(0, bytes - head.length - tail.length))}${tail}`;
}

/** What a line looks like, for picking one copy of each kind of earlier line. */
function shapeOf(line: string): string {
  const event = parseEvent(line);
  if (!event) return `text:${line.slice(0, 20)}`;
  const part = nested(event, 'part');
  const item = nested(event, 'item');
  const message = nested(event, 'message');
  return JSON.stringify([
    event.type,
    event.subtype,
    item?.type,
    part?.type,
    message?.role,
    event.parent_tool_use_id != null || event.parentToolCallId != null,
    event.sessionID ?? part?.sessionID,
  ]);
}

const FOREIGN_LINES: ReadonlyArray<readonly [string, string]> = [
  ['unknown-type event', '{"type":"adversarial.unknown","data":{"note":"after the end"}}'],
  ['object without type', '{"note":"a JSON object with no type"}'],
  ['JSON array', '[{"type":"result"}]'],
  ['JSON number', '42'],
  ['JSON string', '"{\\"acceptance\\":\\"pass\\"}"'],
  ['plain text', 'plain text after the run ended'],
];

/** Class 1: one line of each kind appended after the last terminal event. */
export function afterTerminal(facts: FixtureFacts, bytes: Buffer, longLineBytes: number): Variant[] {
  const lines = eventLines(bytes);
  const end = lastTerminalIndex(facts.runtime, lines);
  if (end === -1) return [];
  const variants: Variant[] = FOREIGN_LINES.map(([what, line]) => ({
    kind: 'after-terminal',
    name: `after the terminal event: ${what}`,
    bytes: joined([...lines, line]),
  }));
  const shapes = new Set<string>();
  lines.forEach((line, index) => {
    const event = parseEvent(line);
    if (event && isTerminal(facts.runtime, event)) return;
    const shape = shapeOf(line);
    if (shapes.has(shape)) return;
    shapes.add(shape);
    variants.push({
      kind: 'after-terminal',
      name: `after the terminal event: a copy of line ${index + 1}`,
      bytes: joined([...lines, line]),
    });
  });
  variants.push({
    kind: 'after-terminal',
    name: `after the terminal event: a line of ${longLineBytes} bytes`,
    bytes: joined([...lines, paddedLine(longLineBytes)]),
    maxLineBytes: longLineBytes - 1024,
  });
  return variants;
}

/** The line limit for a fixture: 4 KiB, or more when a line of its own is longer. */
export function smallLineLimit(bytes: Buffer): number {
  const longest = Math.max(
    0,
    ...bytes
      .toString('utf8')
      .split('\n')
      .map((line) => Buffer.byteLength(line)),
  );
  return Math.max(4096, longest + 1);
}

/** Class 2: a line longer than the limit inserted before each line, and after the last. */
export function hugeLineAtEachPosition(bytes: Buffer, maxLineBytes: number, hugeBytes: number): Variant[] {
  const lines = eventLines(bytes);
  const huge = paddedLine(hugeBytes);
  return Array.from({ length: lines.length + 1 }, (_, at) => ({
    kind: 'huge-line' as const,
    name: `a line of ${hugeBytes} bytes before line ${at + 1}`,
    bytes: joined([...lines.slice(0, at), huge, ...lines.slice(at)]),
    maxLineBytes,
  }));
}

const rotate = (alphabet: string, c: string) => alphabet[(alphabet.indexOf(c) + 1) % alphabet.length]!;

/** Another session id of the same shape (hex stays hex, a letter stays a letter of its case), so no id check trips. */
export function otherSession(sessionId: string): string {
  return sessionId.replace(/[0-9a-zA-Z]/g, (c) => {
    for (const alphabet of ['0123456789', 'abcdef', 'ABCDEF', 'ghijklmnopqrstuvwxyz', 'GHIJKLMNOPQRSTUVWXYZ'])
      if (alphabet.includes(c)) return rotate(alphabet, c);
    return c;
  });
}

/** Class 3: two captures back to back, the second under another session. */
export function secondRun(
  first: { readonly bytes: Buffer; readonly name: string },
  second: { readonly bytes: Buffer; readonly name: string; readonly sessionId?: string | undefined },
  firstSessionId: string | undefined,
): Variant | undefined {
  if (first.bytes.length === 0 || second.bytes.length === 0) return undefined;
  let text = second.bytes.toString('utf8');
  if (second.sessionId !== undefined && second.sessionId === firstSessionId) {
    text = text.replaceAll(second.sessionId, otherSession(second.sessionId));
  }
  return {
    kind: 'second-run',
    name: `${first.name} then ${second.name}`,
    bytes: joined([...eventLines(first.bytes), ...eventLines(Buffer.from(text))]),
  };
}

/** Class 4: the run's session id replaced by another in the last event line. */
export function sessionSwitch(facts: FixtureFacts, bytes: Buffer): Variant | undefined {
  const lines = eventLines(bytes);
  const last = lines.at(-1);
  if (facts.sessionId === undefined || facts.sessionId === '' || !last?.includes(facts.sessionId))
    return undefined;
  // A run that names its session on its last line alone (Copilot's stdout) has no session to switch from.
  if (!lines.slice(0, -1).some((line) => line.includes(facts.sessionId!))) return undefined;
  const switched = last.replaceAll(facts.sessionId, otherSession(facts.sessionId));
  return {
    kind: 'session-switch',
    name: `the last line names session ${otherSession(facts.sessionId)}`,
    bytes: joined([...lines.slice(0, -1), switched]),
  };
}

/** Class 5: the last completed tool call's completion removed (or left running), so the call never ran. */
/** How runtimes spell a call still running, where they print a call once with its state. */
const RUNNING_SPELLINGS = ['running', 'in_progress'];

export function neverRunTool(facts: FixtureFacts, bytes: Buffer): Variant | undefined {
  const lines = eventLines(bytes);
  const before = openCalls(facts.runtime, lines);
  // The line that completes a call, found by the reader: without it (or with the call's state left running,
  // for a runtime that prints a call once with its state), one more call is still open at the end.
  const unfinished = (i: number) => [
    [...lines.slice(0, i), ...lines.slice(i + 1)],
    ...RUNNING_SPELLINGS.map((status) => [
      ...lines.slice(0, i),
      lines[i]!.replace('"status":"completed"', `"status":"${status}"`),
      ...lines.slice(i + 1),
    ]),
  ];
  for (let i = lines.length - 1; i >= 0; i--) {
    const rest = unfinished(i).find((candidate) => openCalls(facts.runtime, candidate) > before);
    if (!rest) continue;
    return {
      kind: 'never-run-tool',
      name: `the tool call completed on line ${i + 1} never completes`,
      bytes: joined(rest),
    };
  }
  return undefined;
}

const TEXT_KEYS = new Set(['text', 'content', 'deltaContent', 'result', 'response']);

/** Every string under a text key that is a piece of `final`, blanked; `changed` counts them. */
function blankPieces(value: unknown, final: string, changed: { count: number }, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((entry) => blankPieces(entry, final, changed, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (TEXT_KEYS.has(key) && typeof entry === 'string' && entry.trim() !== '' && final.includes(entry)) {
      out[key] = '';
      changed.count++;
    } else out[key] = blankPieces(entry, final, changed, depth + 1);
  }
  return out;
}

/** Class 6: the final message emptied wherever it is written (message, deltas, the result's copy). */
export function emptyFinal(facts: FixtureFacts, bytes: Buffer): Variant | undefined {
  const final = facts.finalText;
  if (final === undefined || final.trim() === '') return undefined;
  const changed = { count: 0 };
  const lines = eventLines(bytes).map((line) => {
    const event = parseEvent(line);
    if (!event) return line;
    const before = changed.count;
    const blanked = blankPieces(event, final, changed);
    return changed.count === before ? line : JSON.stringify(blanked);
  });
  if (changed.count === 0) return undefined;
  return { kind: 'empty-final', name: 'the final message is empty', bytes: joined(lines) };
}

/** Class 7: the first event line removed (the run's start, where the session is named). */
export function missingFirstEvent(bytes: Buffer): Variant | undefined {
  const lines = eventLines(bytes);
  if (lines.length < 2) return undefined;
  return {
    kind: 'missing-first-event',
    name: 'the first event line is missing',
    bytes: joined(lines.slice(1)),
  };
}

/** Every variant of one fixture but the second run (which takes two) and the huge lines at each position. */
export function variantsOf(facts: FixtureFacts, bytes: Buffer): Variant[] {
  const limit = smallLineLimit(bytes);
  return [
    ...afterTerminal(facts, bytes, limit + 1024),
    sessionSwitch(facts, bytes),
    neverRunTool(facts, bytes),
    emptyFinal(facts, bytes),
    missingFirstEvent(bytes),
  ].filter((variant): variant is Variant => variant !== undefined);
}
