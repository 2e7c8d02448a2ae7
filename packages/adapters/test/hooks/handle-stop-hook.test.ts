import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineContract, fail, ok, ProtocolError } from '@skillpack/core';
import { Ajv } from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { claudeCodeStopHook, handleClaudeCodeStop } from '../../src/claude-code/stop-hook.js';
import { codexStopHook, handleCodexStop } from '../../src/codex/stop-hook.js';
import { createMemoryBlockCounterFactory } from '../../src/hooks/block-budget.js';
import { handleStopHook, type StopHookOptions } from '../../src/hooks/handle-stop-hook.js';
import { GREETING, greetingContract } from './_contracts.js';
import { CODEX_STOP, readSampleJson } from './_samples.js';

const CLAUDE_STOP = readSampleJson('claude', 'hook-stop-input.json');
const CLAUDE_SUBAGENT_STOP = readSampleJson('claude', 'hook-subagentstop-input.json');

function options(overrides: Partial<StopHookOptions> = {}): StopHookOptions {
  return { contracts: [greetingContract], blockCounter: createMemoryBlockCounterFactory(), ...overrides };
}

const noTranscript: StopHookOptions['readTranscript'] = async () => {
  throw new Error('the transcript must not be read');
};

describe('handleStopHook', () => {
  it('lets a satisfied stop through with an empty object', async () => {
    const result = await handleClaudeCodeStop(
      { ...CLAUDE_STOP, last_assistant_message: `All done.\n${GREETING}` },
      options({ readTranscript: noTranscript }),
    );
    expect(result.output).toEqual({});
    expect(result.decision).toEqual({ kind: 'allow', because: 'satisfied', contractId: 'test.greeting' });
  });

  it('blocks an unsatisfied first stop with the contract correction', async () => {
    const result = await handleClaudeCodeStop(
      { ...CLAUDE_STOP, stop_hook_active: false },
      options({ readTranscript: noTranscript }),
    );
    expect(result.output).toMatchObject({
      decision: 'block',
      reason: expect.stringContaining('Your answer does not satisfy the Greeting contract'),
      systemMessage: expect.stringContaining('(1 of 2)'),
    });
  });

  it('counts a chain of blocks and lets the stop through once the budget is spent', async () => {
    const shared = options({ blockCounter: createMemoryBlockCounterFactory() });
    const stop = (active: boolean) => handleCodexStop({ ...CODEX_STOP, stop_hook_active: active }, shared);
    expect((await stop(false)).output.decision).toBe('block');
    expect((await stop(true)).output.decision).toBe('block');
    const third = await stop(true);
    expect(third.decision).toMatchObject({ kind: 'allow', because: 'budget_spent' });
    expect(third.output.systemMessage).toMatch(/after 2 blocked stop/);
    // The spent chain was cleared: a new chain (not active) starts from zero.
    expect((await stop(false)).output.systemMessage).toContain('(1 of 2)');
  });

  it('counts at least one block when stop_hook_active is set but nothing was recorded', async () => {
    const result = await handleClaudeCodeStop(CLAUDE_STOP, options());
    expect(result.output.systemMessage).toContain('(2 of 2)');
  });

  it('needs no counter with a budget of one: stop_hook_active is enough', async () => {
    const blockCounter = vi.fn();
    const first = await handleCodexStop(CODEX_STOP, options({ maxBlocks: 1, blockCounter }));
    const second = await handleCodexStop(
      { ...CODEX_STOP, stop_hook_active: true },
      options({ maxBlocks: 1, blockCounter }),
    );
    expect(first.output.decision).toBe('block');
    expect(second.decision).toMatchObject({ because: 'budget_spent' });
    expect(blockCounter).not.toHaveBeenCalled();
  });

  it('only reports with a budget of zero', async () => {
    const result = await handleCodexStop(CODEX_STOP, options({ maxBlocks: 0 }));
    expect(result.output).toEqual({ systemMessage: expect.stringContaining('after 0 blocked stop') });
  });

  it('reads the subagent transcript when the payload has no message', async () => {
    const readTranscript = vi.fn(async () => ok(GREETING));
    const { last_assistant_message: _, ...payload } = CLAUDE_SUBAGENT_STOP;
    const result = await handleClaudeCodeStop(payload, options({ readTranscript }));
    expect(readTranscript).toHaveBeenCalledWith(
      '~/.claude/projects/.../abc123/subagents/agent-def456.jsonl',
      'claude-code',
    );
    expect(result.output).toEqual({});
  });

  it('lets the stop through with a message when the transcript cannot be read', async () => {
    const readTranscript = async () =>
      fail(new ProtocolError('transcript_unreadable', 'Cannot read the transcript "x": ENOENT.'));
    const { last_assistant_message: _, ...payload } = CLAUDE_SUBAGENT_STOP;
    const result = await handleClaudeCodeStop(payload, options({ readTranscript }));
    expect(result.output).toEqual({
      systemMessage: 'skillpack-hook: Cannot read the transcript "x": ENOENT.',
    });
  });

  it.each([
    ['ended its turn', 'end_turn', { kind: 'allow', because: 'satisfied' }],
    [
      'asked for a tool (narration: the run had not completed)',
      'tool_use',
      { kind: 'allow', because: 'hook_error' },
    ],
  ] as const)(
    'judges a transcript whose last main message %s by the reader engine’s rules',
    async (_name, stop, decision) => {
      const dir = mkdtempSync(join(tmpdir(), 'skillpack-transcript-'));
      try {
        const path = join(dir, 'transcript.jsonl');
        const lines = [
          { type: 'user', sessionId: 's-1', parentUuid: null, message: { role: 'user', content: 'go' } },
          {
            type: 'assistant',
            sessionId: 's-1',
            parentUuid: 'u',
            message: {
              id: 'm',
              role: 'assistant',
              content: [{ type: 'text', text: `Done.\n${GREETING}` }],
              stop_reason: stop,
            },
          },
        ];
        writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n'));
        const { last_assistant_message: _, ...payload } = CLAUDE_STOP;
        const result = await handleClaudeCodeStop({ ...payload, transcript_path: path }, options());
        expect(result.decision).toMatchObject(decision);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('reads a missing transcript file with the default reader as a let-through', async () => {
    const { last_assistant_message: _, ...payload } = CLAUDE_SUBAGENT_STOP;
    const result = await handleClaudeCodeStop(
      { ...payload, agent_transcript_path: '/nonexistent/skillpack/agent.jsonl' },
      options(),
    );
    expect(result.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
    expect(result.output.systemMessage).toMatch(/Cannot read the transcript .*ENOENT/);
  });

  it.each([
    [
      'a transcript it cannot read',
      '/nonexistent/skillpack/rollout.jsonl',
      /its transcript gives none either \(.*ENOENT/,
    ],
    ['no transcript', null, /and no transcript/],
  ])(
    'names the real cause when Codex sends last_assistant_message: null with %s',
    async (_name, path, detail) => {
      const result = await handleCodexStop(
        { ...CODEX_STOP, last_assistant_message: null, transcript_path: path },
        options(),
      );
      expect(result.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
      expect(result.output.systemMessage).toMatch(
        /codex sent last_assistant_message: null: the turn ended without a final assistant message/,
      );
      expect(result.output.systemMessage).toMatch(detail);
    },
  );

  it('has nothing to check without a message or a transcript', async () => {
    const { last_assistant_message: _, ...payload } = CLAUDE_SUBAGENT_STOP;
    const result = await handleClaudeCodeStop(
      { ...payload, transcript_path: undefined, agent_transcript_path: undefined },
      options(),
    );
    expect(result.output.systemMessage).toMatch(/neither last_assistant_message nor a transcript path/);
  });

  it('does not act on other events', async () => {
    const result = await handleClaudeCodeStop(
      { session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash' },
      options({ readTranscript: noTranscript }),
    );
    expect(result.decision).toMatchObject({ kind: 'allow', because: 'not_a_stop_event' });
    expect(result.output.systemMessage).toMatch(/not PreToolUse/);
  });

  it('lets the stop through when no contract is configured', async () => {
    const result = await handleCodexStop(CODEX_STOP, options({ contracts: [] }));
    expect(result.output.systemMessage).toMatch(/no contract is configured/);
  });

  it('lets the stop through when a contract throws', async () => {
    const broken = {
      ...greetingContract,
      extract: () => {
        throw new Error('contract bug');
      },
    };
    const result = await handleCodexStop(CODEX_STOP, options({ contracts: [broken] }));
    expect(result.output).toEqual({
      systemMessage: 'skillpack-hook: the check failed unexpectedly: contract bug',
    });
  });

  it('prints only what the Codex output schema accepts', async () => {
    const validate = new Ajv({ strict: false }).compile(
      readSampleJson('codex', 'hooks-stop.command.output.schema.json'),
    );
    const outputs = [
      (await handleCodexStop(CODEX_STOP, options())).output,
      (await handleCodexStop({ ...CODEX_STOP, last_assistant_message: GREETING }, options())).output,
      (await handleCodexStop({}, options())).output,
    ];
    expect(outputs.map((output) => Object.keys(output).sort())).toEqual([
      ['decision', 'reason', 'systemMessage'],
      [],
      ['systemMessage'],
    ]);
    for (const output of outputs) expect(validate(output)).toBe(true);
  });

  const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`) as unknown;
  it.each([
    ['undefined', undefined],
    ['an empty string', ''],
    ['a JSON fragment', '{'],
    ['an array', []],
    ['a number', 42],
    ['null', null],
    ['deeply nested arrays', deep],
    ['a __proto__ key', JSON.parse('{"__proto__":{"polluted":true},"session_id":"s"}')],
    ['a huge string', 'x'.repeat(5_000_000)],
  ] as const)('lets %s through with a typed message, never throwing', async (_, payload) => {
    for (const [runtime, subject] of [
      [claudeCodeStopHook, 'Claude Code'],
      [codexStopHook, 'Codex'],
    ] as const) {
      const result = await handleStopHook(runtime, payload, options({ readTranscript: noTranscript }));
      expect(result.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
      expect(result.output.systemMessage).toMatch(
        new RegExp(`^skillpack-hook: ${subject} Stop hook input is invalid`),
      );
      expect(result.output.systemMessage!.length).toBeLessThan(2000);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('decides normally on lone surrogates and still prints valid JSON', async () => {
    const result = await handleCodexStop(
      { ...CODEX_STOP, session_id: '\uD800', last_assistant_message: 'half \uDC00 a pair' },
      options(),
    );
    expect(result.output.decision).toBe('block');
    expect(() => JSON.parse(JSON.stringify(result.output))).not.toThrow();
  });
});

describe('handleStopHook for contracts delivered as a tool', () => {
  const submitted = defineContract({
    id: 'test.submitted',
    version: '1.0.0',
    title: 'Submitted greeting',
    description: 'A greeting delivered by calling its submit tool.',
    delivery: 'tool',
    schema: z.strictObject({ greeting: z.string().min(1) }),
    examples: [{ name: 'hello', value: { greeting: 'hello' } }],
  });
  const counter = createMemoryBlockCounterFactory();

  it('lets a stop through with a notice where the submit calls cannot be read, never pushing back a submit it cannot see', async () => {
    // The rollout at the payload's path cannot be read (there is none): the stop shows the message alone.
    const result = await handleCodexStop(
      { ...CODEX_STOP, last_assistant_message: 'Done.' },
      { contracts: [submitted], blockCounter: counter },
    );
    expect(result.decision).toMatchObject({ kind: 'allow', because: 'hook_error' });
    expect(result.output.systemMessage).toMatch(/call of submit_test_submitted.*not known/);
  });

  it('where the calls cannot be read, still pushes back an answer written as text with the instruction to call the tool', async () => {
    const result = await handleCodexStop(
      { ...CODEX_STOP, last_assistant_message: 'Done.\n{"greeting":"hi"}' },
      { contracts: [submitted], blockCounter: counter },
    );
    expect(result.decision.kind).toBe('block');
    expect(result.output).toMatchObject({
      reason: expect.stringContaining('delivered only by calling the submit_test_submitted tool'),
    });
  });

  it('still judges the calls it reads: a stop without a valid submit is pushed back with the instruction to call it', async () => {
    const result = await handleStopHook(
      { ...codexStopHook, readTranscriptTools: async () => ok([]) },
      { ...CODEX_STOP, last_assistant_message: '{"greeting":"hi"}' },
      { contracts: [submitted], blockCounter: counter },
    );
    expect(result.decision.kind).toBe('block');
    expect(result.output).toMatchObject({
      reason: expect.stringContaining('Call the submit_test_submitted tool'),
    });
  });
});
