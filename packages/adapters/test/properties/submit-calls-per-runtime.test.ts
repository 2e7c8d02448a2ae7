// Issue #43: a tool-delivered contract's submit call, as each runtime names an MCP server's tool
// (docs/runtimes-mcp.md, written out here by hand, not derived from the declarations under test), is read by
// readAgentRun + extractContract on every runtime: the last accepted submit wins over a failed one before it,
// over the final message, and over a same-named tool of another shape; every prefix of the run agrees.
import { defineContract } from '@skillpack/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractContract } from '../../src/extract-contract.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { RUNTIME_IDS, type RuntimeId } from '../../src/runtime-id.js';
import { RUN_WRITERS, type RunPart, submitCallsByRuntime, type ToolCall } from './_support/runs.js';

const greeting = defineContract({
  id: 'acme.greeting',
  version: '1.0.0',
  title: 'Greeting',
  description: 'A greeting, delivered by calling its submit tool.',
  delivery: 'tool',
  schema: z.strictObject({ greeting: z.string().min(1) }),
  examples: [{ name: 'hello', value: { greeting: 'hello' } }],
});
const TOOL = 'submit_acme_greeting';
const KEY = 'acme-pack';

const SUBMIT = submitCallsByRuntime(KEY, TOOL);

/** Not a submit: another runtime's naming of it, a longer tool of the same server, a tool without a server. */
const NOT_SUBMIT: Readonly<Record<RuntimeId, string[]>> = {
  'claude-code': [`${KEY}_${TOOL}`, `mcp__${KEY}__${TOOL}_v2`, `mcp____${TOOL}`],
  codex: [`${KEY}-${TOOL}`, `mcp__${KEY}__${TOOL}_v2`],
  opencode: [`mcp__${KEY}__${TOOL}x`, `${KEY}-${TOOL}`, `_${TOOL}`],
  'gemini-cli': [`mcp__${KEY}__${TOOL}_v2`, `${KEY}_${TOOL}x`, `mcp__${TOOL}`],
  'copilot-cli': [`${KEY}-${TOOL}_v2`, `-${TOOL}`],
  'qwen-code': [`${KEY}-${TOOL}`, `mcp__${KEY}__${TOOL}_v2`],
  pi: [`${KEY}_${TOOL}x`, `mcp__${KEY}__${TOOL}_v2`],
};

const submit = (runtime: RuntimeId, value: unknown, failed = false): RunPart => ({
  kind: 'tool',
  command: '',
  output: failed ? 'Wrong value.' : 'Accepted.',
  failed,
  call: SUBMIT[runtime](value),
});

async function read(runtime: RuntimeId, parts: readonly RunPart[], raw?: string) {
  const run = await readAgentRun(raw ?? RUN_WRITERS[runtime](parts), { runtime });
  const result = extractContract(run, greeting);
  return {
    run,
    answer: result.success ? result.data.greeting : 'none',
    code: result.success ? '' : result.error.code,
  };
}

describe.each(RUNTIME_IDS)('%s: a submit call of the MCP server', (runtime) => {
  it('is the answer: the last accepted one, not a failed one after it nor the final message', async () => {
    const parts: RunPart[] = [
      submit(runtime, { greeting: '' }, true),
      submit(runtime, { greeting: 'hi' }),
      submit(runtime, { greeting: 'late' }, true),
      { kind: 'text', text: 'Done.\n{"greeting":"written"}' },
    ];
    const { run, answer } = await read(runtime, parts);
    expect(run.finish).toBe('complete');
    expect(run.tools.map((tool) => tool.status)).toEqual(['error', 'completed', 'error']);
    expect(answer).toBe('hi');
  });

  it('a wrong value accepted by the runtime anyway is no answer; a run without a submit is missing one', async () => {
    const wrong = await read(runtime, [submit(runtime, { greeting: 7 }), { kind: 'text', text: 'Done.' }]);
    expect([wrong.answer, wrong.code]).toEqual(['none', 'invalid_payload']);
    const written = await read(runtime, [{ kind: 'text', text: '{"greeting":"hi"}' }]);
    expect([written.answer, written.code]).toEqual(['none', 'submit_not_called']);
  });

  it('is not a call of another name: other runtimes’ naming, a longer tool, no server', async () => {
    for (const name of NOT_SUBMIT[runtime]) {
      const call: ToolCall = { name, input: { greeting: 'hi' } };
      const parts: RunPart[] = [
        { kind: 'tool', command: '', output: 'ok', call },
        { kind: 'text', text: 'Done.' },
      ];
      expect((await read(runtime, parts)).answer, name).toBe('none');
    }
  });

  it('every line prefix: only a completed run answers, and then with the whole run’s answer', async () => {
    const raw = RUN_WRITERS[runtime]([submit(runtime, { greeting: 'hi' }), { kind: 'text', text: 'Done.' }]);
    const lines = raw.split('\n');
    for (let cut = 0; cut <= lines.length; cut++) {
      const prefix = lines.slice(0, cut).join('\n');
      const { run, answer } = await read(runtime, [], prefix);
      expect(answer, `cut ${cut}`).toBe(run.finish === 'complete' ? 'hi' : 'none');
    }
  });
});

describe('generated submit histories, on every runtime', () => {
  it('the answer is the last completed submit whose value the contract accepts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...RUNTIME_IDS),
        fc.array(fc.record({ greeting: fc.constantFrom('', 'a', 'b'), failed: fc.boolean() }), {
          maxLength: 5,
        }),
        async (runtime, calls) => {
          const parts: RunPart[] = [
            ...calls.map((call) => submit(runtime, { greeting: call.greeting }, call.failed)),
            { kind: 'text', text: 'Done.' },
          ];
          const want = [...calls].reverse().find((call) => !call.failed && call.greeting !== '')?.greeting;
          expect((await read(runtime, parts)).answer).toBe(want ?? 'none');
        },
      ),
      { numRuns: 150 },
    );
  });
});
