// Issue #43: a submit call made for an earlier prompt of the session never answers a later one. Claude Code's
// transcript and Copilot CLI's `events.jsonl` hold the whole session; the hook and readAgentRun +
// extractContract read only the calls after the last prompt a person wrote (a hook's feedback continues the
// prompt it follows), on real two-prompt sessions and on generated ones, every prefix.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { handleClaudeCodeStop } from '../../src/claude-code/stop-hook.js';
import { handleCopilotCliStop } from '../../src/copilot-cli/stop-hook.js';
import { extractContract } from '../../src/extract-contract.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import type { RuntimeId } from '../../src/runtime-id.js';
import { refund } from '../_support/acme-refund.js';
import { noState } from '../_support/read-paths.js';

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
const CLAUDE = fixture('claude-code/transcript-mcp-submit-two-prompts-2.1.328.jsonl');
const COPILOT = fixture('copilot-cli/hook/mcp-submit-two-prompts.events.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'skillpack-earlier-prompt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a path accepted: the JSON of the value, else `none`. */
const NONE = 'none';
async function fromExtract(text: string, runtime: RuntimeId): Promise<string> {
  const run = await readAgentRun(text, { runtime });
  // `events.jsonl` has no `result` line: its run never reads as complete, so its candidate is compared.
  const result = extractContract(run, refund, { acceptIncomplete: runtime === 'copilot-cli' });
  return result.success ? JSON.stringify(result.data) : NONE;
}

/** The Claude Code Stop hook on a stop whose transcript holds `text`; what it let through as satisfied. */
async function claudeHook(text: string): Promise<string> {
  const path = join(dir, 'transcript.jsonl');
  writeFileSync(path, text);
  const payload = {
    session_id: 's-1',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    transcript_path: path,
    last_assistant_message: 'Done.',
  };
  const { decision } = await handleClaudeCodeStop(payload, { contracts: [refund], blockCounter: noState });
  return decision.kind === 'allow' && decision.because === 'satisfied' ? 'satisfied' : decision.kind;
}

/** The Copilot CLI stop hook on the stop whose `hook.start` ends `text` (its `events.jsonl`). */
async function copilotHook(text: string): Promise<string> {
  const path = join(dir, 'events.jsonl');
  writeFileSync(path, text);
  const lines = text.trimEnd().split('\n');
  const input = JSON.parse(lines.at(-1)!).data.input;
  const { decision } = await handleCopilotCliStop(
    { ...input, transcriptPath: path },
    { contracts: [refund], blockCounter: noState, transcript: { waitMs: 200, pollMs: 5 } },
  );
  return decision.kind === 'allow' && decision.because === 'satisfied' ? 'satisfied' : decision.kind;
}

/** `text` up to (and with) the first line that includes `marker`, counted from its `nth` match. */
function upTo(text: string, marker: string, nth = 1): string {
  const lines = text.split('\n');
  let seen = 0;
  const end = lines.findIndex((line) => line.includes(marker) && ++seen === nth);
  return `${lines.slice(0, end + 1).join('\n')}\n`;
}

describe('a real two-prompt session: the first prompt submitted, the second ended with "Done." alone', () => {
  const FIRST = '{"refund":false,"reason":"Used."}';

  it('Claude Code transcript: the first stop is satisfied by the submit after the hook feedback, the second is not', async () => {
    const first = upTo(CLAUDE, '"text":"Done."');
    expect(await fromExtract(first, 'claude-code')).toBe(FIRST);
    expect(await claudeHook(first)).toBe('satisfied');
    const run = await readAgentRun(CLAUDE, { runtime: 'claude-code' });
    expect(run.finish).toBe('complete');
    expect(run.tools.map((tool) => [tool.status, tool.earlierPrompt])).toEqual([['completed', true]]);
    expect(await fromExtract(CLAUDE, 'claude-code')).toBe(NONE);
    expect(await claudeHook(CLAUDE)).toBe('block');
  });

  it('Copilot CLI events.jsonl: the same, at each stop of the session', async () => {
    const firstStop = upTo(COPILOT, '"hook.start"', 2);
    expect(await fromExtract(firstStop, 'copilot-cli')).toBe(FIRST);
    expect(await copilotHook(firstStop)).toBe('satisfied');
    const secondPrompt = upTo(COPILOT, '"hook.start"', 3);
    expect(await fromExtract(secondPrompt, 'copilot-cli')).toBe(NONE);
    expect(await copilotHook(secondPrompt)).toBe('block');
  });
});

/** One generated submit call: a value the contract accepts or not, and how the call ended. */
interface Call {
  readonly valid: boolean;
  readonly failed: boolean;
}
/** One prompt of a generated session: whether the hook pushed back once first, and the agent's calls. */
interface Prompt {
  readonly feedback: boolean;
  readonly calls: readonly Call[];
}
const promptArbitrary = fc.record({
  feedback: fc.boolean(),
  calls: fc.array(fc.record({ valid: fc.boolean(), failed: fc.boolean() }), { maxLength: 3 }),
});

/** The answer a prompt's calls give by the rule: its last completed submit the contract accepts. */
function expected(prompt: number, calls: readonly Call[]): string {
  const index = calls.findLastIndex((call) => call.valid && !call.failed);
  return index === -1 ? NONE : JSON.stringify(submittedValue(prompt, index));
}
/** The first prompt submits amounts 1 to 3, the second 11 to 13: an answer under 10 came from the first. */
const submittedValue = (prompt: number, index: number) => ({ refund: true, amount: prompt * 10 + index + 1 });
const argumentsOf = (prompt: number, index: number, call: Call) => ({
  answer: call.valid ? submittedValue(prompt, index) : { refund: true, amount: -1 },
});

/** Lines of a captured file, by a substring each includes, as templates. */
function templates<K extends string>(text: string, markers: Record<K, string>): Record<K, string> {
  const lines = text.split('\n');
  return Object.fromEntries(
    Object.entries(markers).map(([key, marker]) => [
      key,
      lines.find((line) => line.includes(marker as string)),
    ]),
  ) as Record<K, string>;
}

const claude = templates(CLAUDE, {
  prompt: '"message":{"role":"user","content":"Should order 42 be refunded?"}',
  feedback: '"isMeta":true',
  call: '"type":"tool_use"',
  result: '"type":"tool_result"',
  done: '"text":"Done."',
});
const SUBMIT_CLAUDE = 'mcp__acme-refund__submit_acme_refund';

/** A generated Claude Code transcript: its lines, and where each prompt's stop ends. */
function claudeSession(prompts: readonly Prompt[]): { lines: string[]; stops: number[] } {
  const lines: string[] = [];
  const stops: number[] = [];
  let message = 0;
  const assistant = (content: unknown[], stop: string) => {
    const line = JSON.parse(claude.done);
    line.message = { ...line.message, id: `msg_${++message}`, content, stop_reason: stop };
    lines.push(JSON.stringify(line));
  };
  prompts.forEach((prompt, p) => {
    const person = JSON.parse(claude.prompt);
    person.message.content = `Refund order ${p}?`;
    lines.push(JSON.stringify(person));
    if (prompt.feedback) {
      assistant([{ type: 'text', text: 'Refund it.' }], 'end_turn');
      lines.push(claude.feedback);
    }
    prompt.calls.forEach((call, i) => {
      const id = `toolu_${p}_${i}`;
      assistant([{ type: 'tool_use', id, name: SUBMIT_CLAUDE, input: argumentsOf(p, i, call) }], 'tool_use');
      const result = JSON.parse(claude.result);
      const text = call.failed ? 'Wrong value.' : 'Accepted.';
      result.message.content = [
        { tool_use_id: id, type: 'tool_result', content: [{ type: 'text', text }], is_error: call.failed },
      ];
      lines.push(JSON.stringify(result));
    });
    assistant([{ type: 'text', text: 'Done.' }], 'end_turn');
    stops.push(lines.length);
  });
  return { lines, stops };
}

const copilot = templates(COPILOT, {
  open: '"session.start"',
  prompt: '"content":"Should order 42 be refunded?"',
  feedback: '"delivery":"queued"',
  request: '"toolRequests":[{',
  start: '"tool.execution_start"',
  complete: '"tool.execution_complete"',
  done: '"content":"Done."',
  stop: '"hook.start"',
});
const SUBMIT_COPILOT = 'acme-refund-submit_acme_refund';

/** A generated Copilot CLI `events.jsonl`: its lines, and where each prompt's stop (`hook.start`) is. */
function copilotSession(prompts: readonly Prompt[]): { lines: string[]; stops: number[] } {
  const lines: string[] = [copilot.open];
  const stops: number[] = [];
  let message = 0;
  const event = (template: string, data: Record<string, unknown>) => {
    const line = JSON.parse(template);
    line.data = { ...line.data, ...data };
    lines.push(JSON.stringify(line));
  };
  const stop = () => {
    const line = JSON.parse(copilot.stop);
    line.data.input = { ...line.data.input, timestamp: 1000 + lines.length };
    lines.push(JSON.stringify(line));
  };
  prompts.forEach((prompt, p) => {
    event(copilot.prompt, { content: `Refund order ${p}?`, messageId: `u${p}` });
    if (prompt.feedback) {
      event(copilot.done, { content: 'Refund it.', messageId: `m${++message}` });
      stop();
      event(copilot.feedback, { content: 'Call the tool.', messageId: `f${p}` });
    }
    prompt.calls.forEach((call, i) => {
      const toolCallId = `call_${p}_${i}`;
      const args = argumentsOf(p, i, call);
      const requests = [{ toolCallId, name: SUBMIT_COPILOT, arguments: args, type: 'function' }];
      event(copilot.request, { messageId: `m${++message}`, toolRequests: requests });
      event(copilot.start, { toolCallId, toolName: SUBMIT_COPILOT, arguments: args });
      event(copilot.complete, {
        toolCallId,
        success: !call.failed,
        ...(call.failed ? { error: { message: 'Wrong value.' } } : {}),
      });
    });
    event(copilot.done, { content: 'Done.', messageId: `m${++message}` });
    stop();
    stops.push(lines.length);
  });
  return { lines, stops };
}

const SESSIONS = [
  { runtime: 'claude-code', session: claudeSession, hook: claudeHook },
  { runtime: 'copilot-cli', session: copilotSession, hook: copilotHook },
] as const;

describe.each(SESSIONS)('generated two-prompt sessions: $runtime', ({ runtime, session, hook }) => {
  it("every prefix: no answer comes from the first prompt's calls once the second is asked; the hook agrees at each stop", async () => {
    await fc.assert(
      fc.asyncProperty(promptArbitrary, promptArbitrary, async (first, second) => {
        const { lines, stops } = session([first, second]);
        const secondStart = stops[0]!;
        for (let cut = secondStart + 1; cut <= lines.length; cut++) {
          const read = await fromExtract(`${lines.slice(0, cut).join('\n')}\n`, runtime);
          if (read !== NONE) expect(JSON.parse(read).amount, `cut ${cut}`).toBeGreaterThan(10);
        }
        for (const [p, end] of stops.entries()) {
          const text = `${lines.slice(0, end).join('\n')}\n`;
          const want = expected(p, [first, second][p]!.calls);
          expect(await fromExtract(text, runtime), `stop ${p}`).toBe(want);
          expect(await hook(text), `stop ${p}`).toBe(want === NONE ? 'block' : 'satisfied');
        }
      }),
      { numRuns: 25 },
    );
  });
});
