import type { UnwrapLine } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import type { AgentRun } from '../src/agent-run.js';
import { readAgentRun } from '../src/read-agent-run.js';
import { RUNTIME_IDS, type RuntimeId } from '../src/runtime-id.js';
import { createEventLineUnwrapper, unwrapEventLine } from '../src/unwrap-event-line.js';
import {
  chunked,
  fixtureBytes,
  fixtureText,
  readableOf,
  SUBAGENT_FINAL_TEXT,
  SUCCESS_FINAL_TEXT,
  seededSizes,
  UNICODE_FINAL_TEXT,
  withCrlf,
} from './_support/fixtures.js';

// One scenario table every runtime passes: each story is told in each runtime's own format, captured from the
// pinned CLI through the same script (scripts/capture-fixtures/scenarios.mjs) where the CLI can print it, and
// constructed where it cannot (see test/fixtures/<runtime>/SOURCES.md), so the readers must agree on what
// happened.

interface Scenarios {
  readonly success: string;
  readonly error: { readonly file: string; readonly code: string };
  readonly truncated: string;
  readonly subagent: string;
  readonly unicode: string;
  readonly tools: readonly string[];
  readonly captures: readonly string[];
  /** Whether its output reports token usage (Copilot CLI 1.0.102's `result` line has none). */
  readonly usage: boolean;
}

const SCENARIOS: Readonly<Record<RuntimeId, Scenarios>> = {
  'claude-code': {
    success: 'captured/stream-json-success-verdict.jsonl',
    error: { file: 'captured/stream-json-http-529.jsonl', code: 'api_error' },
    truncated: 'stream-json-truncated.jsonl',
    subagent: 'captured/stream-json-subagent-task.jsonl',
    unicode: 'captured/stream-json-unicode.jsonl',
    tools: ['Bash', 'Bash'],
    captures: [
      'stream-json-observed-2.1.276.jsonl',
      'result-json-output.json',
      'transcript-lines-2.1.202.jsonl',
    ],
    usage: true,
  },
  codex: {
    success: 'captured/exec-json-success-verdict.jsonl',
    error: { file: 'exec-json-command-failed-turn-failed.jsonl', code: 'turn.failed' },
    truncated: 'exec-json-truncated.jsonl',
    subagent: 'exec-json-subagent-interleaved.jsonl',
    unicode: 'captured/exec-json-unicode.jsonl',
    tools: ['command_execution', 'command_execution'],
    captures: [
      'exec-json-success-verdict.jsonl',
      'exec-json-completed-0.147.0-alpha.6.6.jsonl',
      'exec-json-failed-0.147.0-alpha.6.6.jsonl',
      'exec-json-docs-sample.jsonl',
      'notify-payload.json',
    ],
    usage: true,
  },
  opencode: {
    success: 'captured/run-json-success-verdict.ndjson',
    error: { file: 'captured/run-json-http-401.ndjson', code: 'APIError' },
    truncated: 'run-json-truncated.ndjson',
    subagent: 'run-json-subagent-task.ndjson',
    unicode: 'captured/run-json-unicode.ndjson',
    tools: ['bash', 'bash'],
    captures: ['run-format-json-1.17.20.ndjson', 'captured/run-json-subagent-task.ndjson'],
    usage: true,
  },
  'copilot-cli': {
    success: 'captured/json-success-verdict.jsonl',
    error: { file: 'captured/json-http-400.jsonl', code: 'session.error' },
    truncated: 'json-truncated.jsonl',
    subagent: 'json-subagent-interleaved.jsonl',
    unicode: 'captured/json-unicode.jsonl',
    tools: ['bash', 'bash'],
    captures: ['captured/json-stop-hook-block.jsonl', 'captured/json-tool-call.jsonl'],
    usage: false,
  },
  'gemini-cli': {
    success: 'captured/stream-json-success-verdict.jsonl',
    error: { file: 'captured/stream-json-http-400.jsonl', code: 'unknown' },
    truncated: 'stream-json-cut.jsonl',
    subagent: 'stream-json-subagent-task.jsonl',
    unicode: 'captured/stream-json-unicode.jsonl',
    tools: ['list_directory', 'read_file'],
    captures: [
      'captured/stream-json-stop-hook-block.jsonl',
      'captured/stream-json-stop-hook-tool.jsonl',
      'captured/stream-json-http-500.jsonl',
      'captured/stream-json-deltas.jsonl',
    ],
    usage: true,
  },
  'qwen-code': {
    success: 'captured/stream-json-success-verdict.jsonl',
    error: { file: 'captured/stream-json-http-400.jsonl', code: 'error_during_execution' },
    truncated: 'stream-json-truncated.jsonl',
    subagent: 'captured/stream-json-subagent-task.jsonl',
    unicode: 'captured/stream-json-unicode.jsonl',
    tools: ['run_shell_command', 'run_shell_command'],
    captures: [
      'captured/stream-json-tool-call.jsonl',
      'captured/stream-json-stop-hook-block.jsonl',
      'captured/json-stop-hook-block.json',
    ],
    usage: true,
  },
  pi: {
    success: 'captured/json-success-verdict.jsonl',
    error: { file: 'captured/json-http-400.jsonl', code: 'model_error' },
    truncated: 'json-truncated-cut.jsonl',
    subagent: 'captured/json-subagent-bash.jsonl',
    unicode: 'captured/json-unicode.jsonl',
    tools: ['bash', 'bash'],
    captures: [
      'captured/json-tool-call.jsonl',
      'captured/json-pushback-once.jsonl',
      'captured/json-truncated.jsonl',
    ],
    usage: true,
  },
};

/** Everything a reader decides, with errors reduced to their codes. */
function decided(run: AgentRun) {
  return {
    ...run,
    events: run.events.length,
    malformedLines: run.malformedLines.map(({ line, error }) => ({ line, code: error.code })),
    problems: run.problems.map((problem) => problem.code),
  };
}

/** What a one-pass parser reads: each line unwrapped, then what a stateful unwrapper held to the end. */
function unwrappedText(raw: string, unwrap: UnwrapLine = unwrapEventLine): string {
  return [
    ...raw.split('\n').map((line) => unwrap(line.endsWith('\r') ? line.slice(0, -1) : line)),
    unwrap.end?.(),
  ]
    .filter((text): text is string => text !== undefined && text !== '')
    .join('\n');
}

describe.each(RUNTIME_IDS)('conformance: %s', (runtime) => {
  const scenario = SCENARIOS[runtime];

  it('success: detected, complete, the final answer, every tool call resolved, nothing unknown', async () => {
    const run = await readAgentRun(fixtureText(runtime, scenario.success));
    expect(run.runtime).toBe(runtime);
    expect(run.finish).toBe('complete');
    expect(run.error).toBeUndefined();
    expect(run.finalText).toBe(SUCCESS_FINAL_TEXT);
    expect(run.messages.at(-1)?.text).toBe(SUCCESS_FINAL_TEXT);
    expect(run.messages.length).toBeGreaterThanOrEqual(2);
    expect(run.tools.map((tool) => tool.name)).toEqual(scenario.tools);
    for (const tool of run.tools) expect(['completed', 'error']).toContain(tool.status);
    expect(run.sessionId).toMatch(/\S/);
    if (scenario.usage) {
      expect(run.usage?.inputTokens).toBeGreaterThan(0);
      expect(run.usage?.outputTokens).toBeGreaterThan(0);
    } else expect(run.usage).toBeUndefined();
    expect(run.malformedLineCount).toBe(0);
    expect(run.problems).toEqual([]);
    expect({ ...run.unknownEventTypes }).toEqual({});
  });

  it('success: the same run however the bytes arrive (string, Buffer, Readable, seeded chunks, 1 byte)', async () => {
    const bytes = fixtureBytes(runtime, scenario.success);
    const reference = decided(await readAgentRun(bytes.toString('utf8')));
    const inputs = [
      bytes,
      readableOf(bytes, 7),
      chunked(bytes, seededSizes(7, 64, 97)),
      chunked(bytes, [1]),
      (async function* () {
        for (const piece of bytes.toString('utf8').match(/[\s\S]{1,5}/gu) ?? []) yield piece;
      })(),
    ];
    for (const input of inputs) expect(decided(await readAgentRun(input))).toEqual(reference);
  });

  it('crlf: the success capture with CRLF line endings reads identically', async () => {
    const text = fixtureText(runtime, scenario.success);
    const lf = decided(await readAgentRun(text));
    const crlf = decided(await readAgentRun(withCrlf(text)));
    expect(crlf).toEqual(lf);
  });

  it('error: finish error with the runtime error code and message', async () => {
    const run = await readAgentRun(fixtureText(runtime, scenario.error.file));
    expect(run.runtime).toBe(runtime);
    expect(run.finish).toBe('error');
    expect(run.error?.code).toBe(scenario.error.code);
    expect(run.error?.message).toMatch(/\S/);
    expect(run.malformedLineCount).toBe(0);
  });

  it('truncated: finish truncated, the cut last line recorded as malformed, the text so far kept', async () => {
    const text = fixtureText(runtime, scenario.truncated);
    const run = await readAgentRun(text);
    expect(run.runtime).toBe(runtime);
    expect(run.finish).toBe('truncated');
    expect(run.malformedLineCount).toBe(1);
    expect(run.malformedLines[0]).toMatchObject({ line: run.lineCount, error: { code: 'invalid_json' } });
    expect(run.lineCount).toBe(text.split('\n').length);
    expect(run.finalText).toMatch(/migration/);
  });

  it('subagent: the final text is the main agent answer, not a subagent verdict', async () => {
    const run = await readAgentRun(fixtureText(runtime, scenario.subagent));
    expect(run.finish).toBe('complete');
    expect(run.finalText).toBe(SUBAGENT_FINAL_TEXT);
    const mainTexts = run.messages
      .filter((message) => message.subagent !== true)
      .map((message) => message.text);
    for (const text of mainTexts) expect(text).not.toContain('"acceptance":"fail"');
  });

  it('unicode: the text survives byte-exact, including across 1-byte chunks', async () => {
    const bytes = fixtureBytes(runtime, scenario.unicode);
    for (const input of [bytes.toString('utf8'), chunked(bytes, [1])]) {
      const run = await readAgentRun(input);
      expect(run.finalText).toBe(UNICODE_FINAL_TEXT);
      expect(run.malformedLineCount).toBe(0);
    }
  });

  it('every file reads the same with runtime auto and with the runtime named', async () => {
    const files = [
      scenario.success,
      scenario.error.file,
      scenario.truncated,
      scenario.subagent,
      scenario.unicode,
    ];
    for (const file of [...files, ...scenario.captures]) {
      const text = fixtureText(runtime, file);
      const auto = decided(await readAgentRun(text));
      expect(auto.runtime, file).toBe(runtime);
      expect(decided(await readAgentRun(text, { runtime })), file).toEqual(auto);
    }
  });

  it('createEventLineUnwrapper yields the final message of a completed run, and nothing otherwise', async () => {
    for (const file of [scenario.success, scenario.unicode, scenario.error.file]) {
      const raw = fixtureText(runtime, file);
      const run = await readAgentRun(raw);
      const expected = run.finish === 'complete' ? (run.finalText ?? '') : '';
      expect(unwrappedText(raw, createEventLineUnwrapper()), file).toBe(expected);
    }
  });

  it('createEventLineUnwrapper never yields a subagent verdict, and ends with the main answer', async () => {
    // Claude Code's background `Task` prints a `result` per main turn (two here): each yields its final message.
    const raw = fixtureText(runtime, scenario.subagent);
    const text = unwrappedText(raw, createEventLineUnwrapper());
    expect(text.endsWith(SUBAGENT_FINAL_TEXT)).toBe(true);
    expect(text).not.toContain('"acceptance":"fail"');
  });

  it('unwrapping the raw stdout yields the final answer as agent text, and no tool output', async () => {
    const raw = fixtureText(runtime, scenario.success);
    for (const unwrap of [unwrapEventLine, createEventLineUnwrapper()]) {
      const text = unwrappedText(raw, unwrap);
      expect(text.endsWith(SUCCESS_FINAL_TEXT)).toBe(true);
      expect(text).not.toMatch(/Test Files|Changelog/);
    }
  });
});
