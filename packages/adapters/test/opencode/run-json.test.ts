import type {
  ReasoningPart,
  StepFinishPart,
  StepStartPart,
  TextPart,
  ToolPart,
  ToolStateCompleted,
  ToolStateError,
} from '@opencode-ai/sdk';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { readOpenCodeRun } from '../../src/opencode/index.js';
import { openCodeFinishFromStepReason } from '../../src/opencode/run-json.js';
import {
  type OpenCodeReasoningPartSchema,
  type OpenCodeStepFinishPartSchema,
  type OpenCodeStepStartPartSchema,
  type OpenCodeTextPartSchema,
  OpenCodeToolPartSchema,
  type OpenCodeToolStateSchema,
} from '../../src/opencode/wire-schemas.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { fixtureText, SUCCESS_FINAL_TEXT } from '../_support/fixtures.js';

const read = (file: string) => readAgentRun(fixtureText('opencode', file));
const event = (type: string, fields: object) => ({ type, timestamp: 1, sessionID: 'ses_1', ...fields });
const text = (messageID: string, id: string, value: string) =>
  event('text', { part: { id, sessionID: 'ses_1', messageID, type: 'text', text: value } });
const jsonl = (...events: unknown[]) => events.map((entry) => JSON.stringify(entry)).join('\n');

describe('OpenCode run --format json', () => {
  it('reads the 1.17.20 capture', async () => {
    const run = await read('run-format-json-1.17.20.ndjson');
    expect(run).toMatchObject({
      runtime: 'opencode',
      format: 'run-json',
      sessionId: 'ses_09ec7fc10ffekAtgUWHv9M6Y0T',
      finish: 'complete',
      finalText: 'alpha\nbravo\ncharlie',
      costUsd: 0,
      usage: {
        inputTokens: 17913,
        outputTokens: 9,
        reasoningTokens: 29,
        cacheReadTokens: 1664,
        cacheWriteTokens: 0,
      },
    });
    expect(run.messages).toEqual([
      {
        id: 'msg_f6138047b001rGdRQKLlhUSBtv',
        text: 'alpha\nbravo\ncharlie',
        subagent: false,
        partial: false,
        line: 2,
      },
    ]);
  });

  it('steps: tools with results and errors, summed usage, the last message as the answer', async () => {
    // 1.18.33 (captured): four steps, the second a `read` of a missing file.
    const run = await read('captured/run-json-tool-error.ndjson');
    expect(run).toMatchObject({
      finish: 'complete',
      finalText: SUCCESS_FINAL_TEXT,
      lineCount: 13,
      problems: [],
    });
    expect(run.tools.map((tool) => [tool.id, tool.name, tool.status, tool.line])).toEqual([
      ['call_scripted_0_1', 'bash', 'completed', 3],
      ['call_scripted_1_0', 'read', 'error', 6],
      ['call_scripted_2_0', 'read', 'completed', 9],
    ]);
    expect(run.tools[0]).toMatchObject({
      input: { command: 'ls', description: 'Run a scripted command' },
      output: 'CHANGELOG.md\n',
    });
    expect(run.tools[1]?.error).toMatch(/^File not found: \/.*\/project\/CHANGES\.md$/);
    expect(run.tools[2]?.output).toContain('1: # Changelog');
    expect(run.messages.map((message) => message.text)).toEqual([
      "I'll look at the folder and read the changelog.",
      SUCCESS_FINAL_TEXT,
    ]);
    // The four step_finish lines: input 2409 + 2440 + 2465 + 2519, output 26 + 7 + 7 + 25.
    expect(run.usage).toMatchObject({ inputTokens: 9833, outputTokens: 65, cacheReadTokens: 0 });
  });

  it('cost is summed over steps (constructed: the scripted provider costs 0)', async () => {
    const run = await read('run-json-success-verdict.ndjson');
    expect(run.usage).toMatchObject({
      inputTokens: 17913 + 18410,
      outputTokens: 88 + 41,
      cacheReadTokens: 3328,
    });
    expect(run.costUsd).toBeCloseTo(0.0043, 10);
  });

  it('an error line ends the run with its name and message', async () => {
    // 1.18.33 (captured): the model API answered HTTP 401; an `error` line, no step.
    const run = await read('captured/run-json-http-401.ndjson');
    expect(run.error).toEqual({ code: 'APIError', message: 'Invalid API key (scripted)' });
  });

  it('a done line (current dev source) completes the run', async () => {
    const run = await read('run-json-done.ndjson');
    expect([run.finish, run.finalText]).toEqual(['complete', SUCCESS_FINAL_TEXT]);
  });

  it('a task subagent shows as a tool whose output is the subagent answer', async () => {
    const run = await read('run-json-subagent-task.ndjson');
    expect(run.tools[0]).toMatchObject({ name: 'task', status: 'completed', subagent: false });
    expect(run.tools[0]?.output).toContain('"acceptance":"fail"');
  });

  it('a reasoning part is known and never part of the answer', async () => {
    // The scripted model sends no reasoning; the part's shape is the 1.17.20 envelope (SDK `ReasoningPart`).
    const reasoning = event('reasoning', {
      part: { id: 'p0', sessionID: 'ses_1', messageID: 'm1', type: 'reasoning', text: 'Всё проверено.' },
    });
    const run = await readOpenCodeRun(jsonl(reasoning, text('m1', 'p1', 'Done.')));
    expect(run.messages.map((message) => message.text)).toEqual(['Done.']);
    expect({ ...run.unknownEventTypes }).toEqual({});
    expect(run.malformedLineCount).toBe(0);
  });

  it('a part re-sent with more text replaces its earlier value; parts of one message join', async () => {
    const run = await readOpenCodeRun(
      jsonl(
        text('m1', 'p1', 'Hel'),
        text('m1', 'p1', 'Hello'),
        text('m1', 'p2', 'world'),
        text('m2', 'p3', 'Bye'),
      ),
    );
    expect(run.messages.map((message) => [message.id, message.text])).toEqual([
      ['m1', 'Hello\nworld'],
      ['m2', 'Bye'],
    ]);
  });

  it.each([
    ['stop', 'complete'],
    ['tool-calls', 'truncated'],
    ['length', 'length'],
    ['content-filter', 'refused'],
    ['other', 'unknown'],
    ['__proto__', 'unknown'],
    ['constructor', 'unknown'],
  ] as const)('a last step finishing with %j: %s', (reason, finish) => {
    expect(openCodeFinishFromStepReason(reason).finish).toBe(finish);
  });

  it('unknown line types are counted; a known type with a bad part is malformed', async () => {
    const run = await readOpenCodeRun(
      jsonl(event('file_edit', {}), event('text', { part: { id: 1 } }), event('file_edit', {})),
    );
    expect({ ...run.unknownEventTypes }).toEqual({ file_edit: 2 });
    expect(run.malformedLines.map((entry) => [entry.line, entry.error.code])).toEqual([[2, 'invalid_event']]);
  });
});

describe('OpenCode wire schemas accept the SDK 1.18.33 part types', () => {
  it('every part type the run output carries', () => {
    expectTypeOf<TextPart>().toExtend<z.input<typeof OpenCodeTextPartSchema>>();
    expectTypeOf<ReasoningPart>().toExtend<z.input<typeof OpenCodeReasoningPartSchema>>();
    expectTypeOf<StepStartPart>().toExtend<z.input<typeof OpenCodeStepStartPartSchema>>();
    expectTypeOf<StepFinishPart>().toExtend<z.input<typeof OpenCodeStepFinishPartSchema>>();
    expectTypeOf<ToolPart>().toExtend<z.input<typeof OpenCodeToolPartSchema>>();
    expectTypeOf<ToolStateCompleted>().toExtend<z.input<typeof OpenCodeToolStateSchema>>();
    expectTypeOf<ToolStateError>().toExtend<z.input<typeof OpenCodeToolStateSchema>>();
  });

  it('a value typed by the SDK parses at run time as well', () => {
    const part: ToolPart = {
      id: 'prt_1',
      sessionID: 'ses_1',
      messageID: 'msg_1',
      type: 'tool',
      callID: 'call_1',
      tool: 'bash',
      state: {
        status: 'completed',
        input: { command: 'ls' },
        output: 'a\n',
        title: 'ls',
        metadata: {},
        time: { start: 1, end: 2 },
      },
    };
    expect(OpenCodeToolPartSchema.safeParse(part).success).toBe(true);
  });
});
