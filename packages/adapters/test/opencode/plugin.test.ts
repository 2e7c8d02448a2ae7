import { ConfigError, createContractRegistry } from '@skillpack/core';
import { describe, expect, it, vi } from 'vitest';
import {
  createOpenCodePlugin,
  MAX_CHAINS_WITHOUT_SUCCESS,
  type OpenCodePluginOptions,
  PROMPT_METADATA_KEY,
} from '../../src/opencode/plugin.js';
import type { OpenCodeEventLike } from '../../src/opencode/plugin-types.js';
import { GREETING, greetingContract, verdictContract } from '../hooks/_contracts.js';
import { createFakeOpenCode } from './plugin-fake-client.js';

const registry = createContractRegistry([greetingContract, verdictContract]);
/** An attempt at the greeting contract that the contract rejects (an empty greeting). */
const WRONG = '{"greeting":""}';

type Fake = ReturnType<typeof createFakeOpenCode>;

async function setUp(options: Partial<OpenCodePluginOptions> = {}, opencode: Fake = createFakeOpenCode()) {
  const hooks = await createOpenCodePlugin({ contracts: ['test.greeting'], registry, ...options })({
    client: opencode.client,
    directory: '/work/project',
  });
  const deliver = (event: OpenCodeEventLike) => hooks.event!({ event });
  opencode.subscribe(deliver);
  /** Let the plugin handle everything published so far. */
  const settle = () => opencode.settle();
  const idle = async (sessionID: string) => {
    await deliver({ type: 'session.idle', properties: { sessionID } });
    await settle();
  };
  return { opencode, hooks, deliver, settle, idle };
}

/** A session with a person's question, answered `answers` in turn (each answer waits for the plugin). */
async function converse(
  t: Awaited<ReturnType<typeof setUp>>,
  answers: readonly string[],
  sessionId = 'ses_1',
) {
  t.opencode.createSession(sessionId);
  t.opencode.addUser(sessionId, 'Say hello as JSON.');
  for (const answer of answers) {
    t.opencode.addAssistant(sessionId, answer);
    await t.settle();
  }
}

const attempts = (opencode: Fake) =>
  opencode.prompts.map((prompt) => prompt.body.parts[0]?.metadata?.[PROMPT_METADATA_KEY]);

describe('createOpenCodePlugin', () => {
  it('returns only an event hook', async () => {
    const { hooks } = await setUp();
    expect(Object.keys(hooks)).toEqual(['event']);
  });

  it('leaves a satisfied answer alone', async () => {
    const t = await setUp();
    await converse(t, [`Here:\n${GREETING}`]);
    await t.idle('ses_1');
    expect(t.opencode.prompts).toEqual([]);
  });

  it('pushes back a wrong answer as soon as its step finishes with stop, before the session is idle', async () => {
    const t = await setUp();
    t.opencode.createSession('ses_1');
    t.opencode.addUser('ses_1', [{ type: 'text', text: 'Say hello.' }], {
      agent: 'plan',
      model: { providerID: 'openai', modelID: 'gpt-5.5' },
    });
    t.opencode.addAssistant('ses_1', WRONG);
    await t.settle();
    expect(t.opencode.prompts).toHaveLength(1);
    const { body, sessionId } = t.opencode.prompts[0]!;
    expect(sessionId).toBe('ses_1');
    expect(body.agent).toBe('plan');
    expect(body.model).toEqual({ providerID: 'openai', modelID: 'gpt-5.5' });
    expect(body.noReply).toBeUndefined();
    expect(body.parts).toEqual([
      {
        type: 'text',
        text: expect.stringContaining('Your answer does not satisfy the Greeting contract'),
        metadata: { [PROMPT_METADATA_KEY]: { contracts: ['test.greeting'], attempt: 1 } },
      },
    ]);
    expect(t.opencode.logs.at(-1)).toMatchObject({
      level: 'info',
      message: expect.stringContaining('(1 of 2)'),
    });
    t.opencode.addAssistant('ses_1', GREETING);
    await t.idle('ses_1');
    expect(t.opencode.prompts).toHaveLength(1);
  });

  it('waits for the last step: a step that ends in tool calls is no answer', async () => {
    const t = await setUp();
    t.opencode.createSession('ses_1');
    t.opencode.addUser('ses_1', 'Say hello.');
    t.opencode.addAssistant('ses_1', WRONG, undefined, { reason: 'tool-calls' });
    await t.settle();
    expect(t.opencode.prompts).toEqual([]);
  });

  it('leaves answers that never attempt a contract alone, unless told to enforce always', async () => {
    const lenient = await setUp();
    await converse(lenient, ['Renamed the variable.']);
    await lenient.idle('ses_1');
    expect(lenient.opencode.prompts).toEqual([]);
    const strict = await setUp({ enforce: 'always' });
    await converse(strict, ['Renamed the variable.']);
    expect(strict.opencode.prompts).toHaveLength(1);
  });

  it('enforces always when the run sets SKILLPACK_HOOK_ENFORCE=always, and logs a value it cannot use', async () => {
    vi.stubEnv('SKILLPACK_HOOK_ENFORCE', 'always');
    try {
      const strict = await setUp();
      await converse(strict, ['Renamed the variable.']);
      expect(strict.opencode.prompts).toHaveLength(1);
      vi.stubEnv('SKILLPACK_HOOK_ENFORCE', 'strict');
      const wrong = await setUp();
      await converse(wrong, ['Renamed the variable.']);
      await wrong.idle('ses_1');
      expect(wrong.opencode.prompts).toEqual([]);
      expect(wrong.opencode.logs).toContainEqual(
        expect.objectContaining({
          level: 'error',
          message: expect.stringContaining('SKILLPACK_HOOK_ENFORCE must be one of always, attempted'),
        }),
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('stops once the budget is spent, and starts over when a person writes', async () => {
    const t = await setUp({ maxPrompts: 2 });
    await converse(t, [WRONG, WRONG, WRONG, WRONG]);
    expect(attempts(t.opencode)).toEqual([
      { contracts: ['test.greeting'], attempt: 1 },
      { contracts: ['test.greeting'], attempt: 2 },
    ]);
    expect(t.opencode.logs.filter((log) => log.level === 'warn')).toHaveLength(2);
    t.opencode.addUser('ses_1', 'Try again please.');
    t.opencode.addAssistant('ses_1', WRONG);
    await t.settle();
    expect(attempts(t.opencode).at(-1)).toEqual({ contracts: ['test.greeting'], attempt: 1 });
  });

  it('resets the count once the contract is satisfied', async () => {
    const t = await setUp({ maxPrompts: 1 });
    await converse(t, [WRONG, GREETING]);
    t.opencode.addUser('ses_1', 'Again.');
    t.opencode.addAssistant('ses_1', WRONG);
    await t.settle();
    expect(attempts(t.opencode)).toEqual([
      { contracts: ['test.greeting'], attempt: 1 },
      { contracts: ['test.greeting'], attempt: 1 },
    ]);
  });

  it('keeps the budget across a restart through the prompt metadata', async () => {
    const first = await setUp({ maxPrompts: 2 });
    await converse(first, [WRONG, WRONG]);
    expect(first.opencode.prompts).toHaveLength(2);
    // A new plugin instance (OpenCode restarted) over the same stored session.
    const second = await setUp({ maxPrompts: 2 }, first.opencode);
    second.opencode.addAssistant('ses_1', WRONG);
    await second.settle();
    await second.idle('ses_1');
    expect(second.opencode.prompts).toHaveLength(2);
  });

  it('stays bounded when another plugin keeps prompting the session', async () => {
    const t = await setUp({ maxPrompts: 2 });
    await converse(t, []);
    for (let round = 0; round < 20; round++) {
      t.opencode.addAssistant('ses_1', WRONG);
      await t.settle();
      // Another plugin answers every idle with a prompt of its own, which looks like a person writing.
      t.opencode.addUser('ses_1', 'Continue with the next todo.');
    }
    expect(t.opencode.prompts).toHaveLength(2 * MAX_CHAINS_WITHOUT_SUCCESS);
  });

  it('does not count a compaction as a person writing, nor check its summary', async () => {
    const t = await setUp({ maxPrompts: 2 });
    await converse(t, [WRONG, WRONG]);
    t.opencode.addUser('ses_1', [{ type: 'compaction' }]);
    t.opencode.addAssistant('ses_1', 'Summary of the conversation so far.', undefined, {
      info: { summary: true, mode: 'compaction' },
    });
    t.opencode.addUser('ses_1', [
      { type: 'text', text: 'Continue if you have next steps.', synthetic: true },
    ]);
    t.opencode.addAssistant('ses_1', WRONG);
    await t.settle();
    expect(t.opencode.prompts).toHaveLength(2);
  });

  it('reviews at idle an answer whose streaming it did not see (loaded mid-turn)', async () => {
    const opencode = createFakeOpenCode();
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Say hello.');
    opencode.addAssistant('ses_1', WRONG);
    const t = await setUp({}, opencode);
    await t.idle('ses_1');
    expect(opencode.prompts).toHaveLength(1);
    opencode.addAssistant('ses_1', GREETING);
    await t.idle('ses_1');
    expect(opencode.prompts).toHaveLength(1);
  });

  it('asks once more at idle when the turn ended before it took the correction', async () => {
    const t = await setUp();
    await converse(t, [WRONG]);
    expect(t.opencode.prompts).toHaveLength(1);
    // No answer followed the correction: the loop had already read the session (the race, lost).
    await t.idle('ses_1');
    await t.idle('ses_1');
    expect(attempts(t.opencode)).toEqual([
      { contracts: ['test.greeting'], attempt: 1 },
      { contracts: ['test.greeting'], attempt: 1 },
    ]);
  });

  it.each([
    ['a subagent session', (o: Fake) => o.createSession('ses_1', 'ses_parent'), undefined],
    ['an aborted turn', (o: Fake) => o.createSession('ses_1'), { name: 'MessageAbortedError' }],
  ] as const)('leaves %s alone', async (_, arrange, error) => {
    const t = await setUp();
    arrange(t.opencode);
    t.opencode.addUser('ses_1', 'Say hello.');
    t.opencode.addAssistant('ses_1', WRONG, error);
    await t.settle();
    await t.idle('ses_1');
    expect(t.opencode.prompts).toEqual([]);
  });

  it('leaves a session without an answer alone', async () => {
    const t = await setUp();
    t.opencode.createSession('ses_1');
    t.opencode.addUser('ses_1', 'Say hello.');
    await t.idle('ses_1');
    expect(t.opencode.prompts).toEqual([]);
  });

  it('reviews each answer once, however many events arrive for it', async () => {
    const t = await setUp();
    await converse(t, [WRONG]);
    const finish = t.opencode.events.findLast(
      (event) => (event.properties as { part?: { type?: string } }).part?.type === 'step-finish',
    )!;
    await Promise.all([t.deliver(finish), t.deliver(finish)]);
    await t.settle();
    expect(t.opencode.prompts).toHaveLength(1);
  });

  it.each([
    [{ type: 'session.status', properties: { sessionID: 'ses_1', status: { type: 'idle' } } }],
    [{ type: 'session.idle', properties: {} }],
    [{ type: 'session.idle', properties: { sessionID: 42 } }],
    [{ type: 'session.idle', properties: null }],
    [{ type: 'session.idle' }],
    [{ type: 'message.part.updated', properties: { part: { type: 'step-finish', reason: 'stop' } } }],
    [{ type: 'message.part.updated', properties: { part: null } }],
    [{ type: 'message.updated', properties: { info: { id: 7, role: 'assistant' } } }],
    [{ type: 'session.idle', properties: JSON.parse('{"__proto__":{"sessionID":"ses_1"}}') }],
  ])('ignores %j', async (event) => {
    const opencode = createFakeOpenCode();
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Say hello.');
    opencode.addAssistant('ses_1', WRONG);
    const t = await setUp({}, opencode);
    await t.deliver(event as OpenCodeEventLike);
    await t.settle();
    expect(opencode.prompts).toEqual([]);
    expect(({} as Record<string, unknown>).sessionID).toBeUndefined();
  });

  it.each(['error', 'throw'] as const)('survives a client that answers with an %s', async (mode) => {
    const t = await setUp();
    t.opencode.failMessagesWith(mode);
    t.opencode.createSession('ses_1');
    await t.idle('ses_1');
    expect(t.opencode.prompts).toEqual([]);
    if (mode === 'throw')
      expect(t.opencode.logs.filter((log) => log.level !== 'info')).toContainEqual({
        level: 'error',
        message: expect.stringContaining('connection refused'),
      });
  });

  it('reports once through the OpenCode log that it is ready, naming its contracts', async () => {
    const { opencode } = await setUp();
    expect(opencode.logs).toEqual([
      { level: 'info', message: expect.stringMatching(/^skillpack: OpenCode plugin ready \(contracts: /) },
    ]);
  });

  it('refuses an unknown contract id when OpenCode loads it', async () => {
    const plugin = createOpenCodePlugin({ contracts: ['test.nope'], registry });
    const loading = plugin({ client: createFakeOpenCode().client });
    await expect(loading).rejects.toBeInstanceOf(ConfigError);
    await expect(loading).rejects.toThrow(/Unknown contract "test\.nope"/);
  });

  it('looks ids up in the built-in contracts by default', async () => {
    const plugin = createOpenCodePlugin({ contracts: ['test.greeting'] });
    await expect(plugin({ client: createFakeOpenCode().client })).rejects.toThrow(
      /Unknown contract "test\.greeting"/,
    );
  });

  it('forgets a deleted session', async () => {
    const t = await setUp({ maxPrompts: 1 });
    await converse(t, [WRONG, WRONG]);
    expect(t.opencode.prompts).toHaveLength(1);
    await t.deliver({ type: 'session.deleted', properties: { info: { id: 'ses_1' } } });
    // Recreated under the same id, the session starts from its (now empty) stored history.
    t.opencode.createSession('ses_1');
    await converse(t, [WRONG]);
    expect(t.opencode.prompts).toHaveLength(2);
  });
});
