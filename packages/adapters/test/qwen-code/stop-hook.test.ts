import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handleQwenCodeStop, safeParseQwenCodeStopInput } from '../../src/qwen-code/stop-hook.js';
import { acceptance, noState } from '../_support/read-paths.js';

const payloads = (file: string) =>
  readFileSync(
    new URL(`../fixtures/qwen-code/hook-inputs/${file.replace('.hook-inputs', '')}`, import.meta.url),
    'utf8',
  )
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('Qwen Code 0.24.4 Stop hook input', () => {
  it('normalises the captured payloads: the final attempt only, stop_hook_active on the retry', () => {
    const [first, second] = payloads('stream-json-stop-hook-block.hook-inputs.jsonl');
    expect(safeParseQwenCodeStopInput(first)).toMatchObject({
      success: true,
      data: {
        runtime: 'qwen-code',
        hookEventName: 'Stop',
        stopHookActive: false,
        lastAssistantMessage: 'The project holds notes.txt.',
        transcriptPath: first?.transcript_path,
      },
    });
    // A subagent's stop: the session's recording holds the main agent's calls, not the subagent's answer.
    const subagent = { ...first, hook_event_name: 'SubagentStop', agent_id: 'a-1' };
    expect(safeParseQwenCodeStopInput(subagent)).toMatchObject({
      success: true,
      data: { transcriptPath: undefined },
    });
    expect(safeParseQwenCodeStopInput(second)).toMatchObject({
      success: true,
      data: { stopHookActive: true, lastAssistantMessage: 'The project holds notes.txt. FINAL' },
    });
  });

  it('reads the placeholder of an empty final reply as no message', () => {
    const [payload] = payloads('stream-json-tool-then-empty.hook-inputs.jsonl');
    expect(payload?.last_assistant_message).toBe('(empty content)');
    const parsed = safeParseQwenCodeStopInput(payload);
    expect(parsed.success && parsed.data).toMatchObject({
      lastAssistantMessage: undefined,
      lastAssistantMessageNull: true,
    });
  });

  it.each([
    undefined,
    null,
    '',
    '{',
    [],
    42,
    { session_id: 's' },
    { session_id: 's', hook_event_name: 'Stop' },
  ])('refuses %j with a typed error', (payload) => {
    const parsed = safeParseQwenCodeStopInput(payload);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.code).toBe('invalid_hook_input');
  });
});

describe('handleQwenCodeStop on the captured payloads', () => {
  const options = { contracts: [acceptance], blockCounter: noState };

  it("blocks an answer without a verdict with the contract's correction", async () => {
    const [first] = payloads('stream-json-stop-hook-block.hook-inputs.jsonl');
    const blocked = await handleQwenCodeStop(first, options);
    expect(blocked.decision.kind).toBe('block');
    expect(blocked.output).toMatchObject({ decision: 'block' });
    expect(blocked.output.reason).toMatch(/acceptance/);
  });

  it('lets both verdicts of the block-then-tool run through: each is a well-formed acceptance', async () => {
    const [first, second] = payloads('stream-json-block-then-tool.hook-inputs.jsonl');
    expect(first?.last_assistant_message).toMatch(/"acceptance":"fail"/);
    for (const payload of [first, second]) {
      const allowed = await handleQwenCodeStop(payload, options);
      expect(allowed.decision).toMatchObject({ kind: 'allow', because: 'satisfied' });
      expect(allowed.output.decision).toBeUndefined();
    }
  });

  it('lets an empty final reply stop with a message saying there is nothing to check', async () => {
    const [payload] = payloads('stream-json-tool-then-empty.hook-inputs.jsonl');
    const result = await handleQwenCodeStop(payload, options);
    expect(result.decision.kind).toBe('allow');
    expect(result.output.systemMessage).toMatch(/no final assistant message|nothing to check|no answer/);
  });

  it('respects the block budget on the always-blocked chain, well before the CLI cap of 8', async () => {
    const chain = payloads('stream-json-stop-hook-cap.hook-inputs.jsonl');
    expect(chain).toHaveLength(8);
    const decisions = [];
    for (const payload of chain.slice(0, 3)) {
      decisions.push(
        (await handleQwenCodeStop(payload, { contracts: [acceptance], maxBlocks: 1 })).decision.kind,
      );
    }
    expect(decisions).toEqual(['block', 'allow', 'allow']);
  });
});
