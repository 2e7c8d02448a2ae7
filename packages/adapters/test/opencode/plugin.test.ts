import { ConfigError, createContractRegistry } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { createOpenCodePlugin, PROMPT_METADATA_KEY } from '../../src/opencode/plugin.js';
import type { OpenCodeHooks } from '../../src/opencode/plugin-types.js';
import { GREETING, greetingContract, verdictContract } from '../hooks/_contracts.js';
import { createFakeOpenCode } from './plugin-fake-client.js';

const registry = createContractRegistry([greetingContract, verdictContract]);

async function setUp(maxPrompts?: number) {
  const opencode = createFakeOpenCode();
  const plugin = createOpenCodePlugin({
    contracts: ['test.greeting'],
    registry,
    ...(maxPrompts === undefined ? {} : { maxPrompts }),
  });
  const hooks = await plugin({ client: opencode.client, directory: '/work/project' });
  const idle = (sessionID: string) =>
    hooks.event!({ event: { type: 'session.idle', properties: { sessionID } } });
  return { opencode, hooks, idle };
}

describe('createOpenCodePlugin', () => {
  it('returns only an event hook', async () => {
    const { hooks } = await setUp();
    expect(Object.keys(hooks)).toEqual(['event']);
  });

  it('leaves a satisfied session idle', async () => {
    const { opencode, idle } = await setUp();
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Say hello as JSON.');
    opencode.addAssistant('ses_1', `Here:\n${GREETING}`);
    await idle('ses_1');
    expect(opencode.prompts).toEqual([]);
  });

  it('re-prompts an unsatisfied session with the correction, keeping its agent and model', async () => {
    const { opencode, idle } = await setUp();
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', [{ type: 'text', text: 'Say hello.' }], {
      agent: 'plan',
      model: { providerID: 'openai', modelID: 'gpt-5.5' },
    });
    opencode.addAssistant('ses_1', 'Hello!');
    await idle('ses_1');
    expect(opencode.prompts).toHaveLength(1);
    const { body, sessionId } = opencode.prompts[0]!;
    expect(sessionId).toBe('ses_1');
    expect(body.agent).toBe('plan');
    expect(body.model).toEqual({ providerID: 'openai', modelID: 'gpt-5.5' });
    expect(body.parts).toEqual([
      {
        type: 'text',
        text: expect.stringContaining('Your answer does not satisfy the Greeting contract'),
        metadata: { [PROMPT_METADATA_KEY]: { contracts: ['test.greeting'], attempt: 1 } },
      },
    ]);
    expect(opencode.logs.at(-1)).toMatchObject({
      level: 'info',
      message: expect.stringContaining('(1 of 2)'),
    });
  });

  it('stops re-prompting once the budget is spent, and starts over when a person writes', async () => {
    const { opencode, idle } = await setUp(2);
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Say hello.');
    for (let turn = 0; turn < 4; turn++) {
      opencode.addAssistant('ses_1', `attempt ${turn}`);
      await idle('ses_1');
    }
    expect(opencode.prompts.map((prompt) => prompt.body.parts[0]?.metadata)).toEqual([
      { skillpack: { contracts: ['test.greeting'], attempt: 1 } },
      { skillpack: { contracts: ['test.greeting'], attempt: 2 } },
    ]);
    expect(opencode.logs.filter((log) => log.level === 'warn')).toHaveLength(2);
    opencode.addUser('ses_1', 'Try again please.');
    opencode.addAssistant('ses_1', 'still no JSON');
    await idle('ses_1');
    expect(opencode.prompts).toHaveLength(3);
    expect(opencode.prompts[2]!.body.parts[0]?.metadata).toEqual({
      skillpack: { contracts: ['test.greeting'], attempt: 1 },
    });
  });

  it('resets the count once the contract is satisfied', async () => {
    const { opencode, idle } = await setUp(1);
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Say hello.');
    opencode.addAssistant('ses_1', 'no');
    await idle('ses_1');
    opencode.addAssistant('ses_1', GREETING);
    await idle('ses_1');
    opencode.addUser('ses_1', 'Again.');
    opencode.addAssistant('ses_1', 'no');
    await idle('ses_1');
    expect(opencode.prompts).toHaveLength(2);
  });

  it('keeps the budget across a restart through the prompt metadata', async () => {
    const first = await setUp(2);
    first.opencode.createSession('ses_1');
    first.opencode.addUser('ses_1', 'Say hello.');
    first.opencode.addAssistant('ses_1', 'no');
    await first.idle('ses_1');
    first.opencode.addAssistant('ses_1', 'no');
    await first.idle('ses_1');
    expect(first.opencode.prompts).toHaveLength(2);
    // A new plugin instance (OpenCode restarted) over the same stored session.
    const hooks = await createOpenCodePlugin({ contracts: ['test.greeting'], registry })({
      client: first.opencode.client,
    });
    first.opencode.addAssistant('ses_1', 'still no');
    await hooks.event!({ event: { type: 'session.idle', properties: { sessionID: 'ses_1' } } });
    expect(first.opencode.prompts).toHaveLength(2);
  });

  it.each([
    [
      'a subagent session',
      (o: ReturnType<typeof createFakeOpenCode>) => o.createSession('ses_1', 'ses_parent'),
    ],
    [
      'an aborted turn',
      (o: ReturnType<typeof createFakeOpenCode>) => {
        o.createSession('ses_1');
        o.addUser('ses_1', 'Say hello.');
        o.addAssistant('ses_1', 'partial', { name: 'MessageAbortedError' });
      },
    ],
    ['a session without an answer', (o: ReturnType<typeof createFakeOpenCode>) => o.createSession('ses_1')],
  ] as const)('leaves %s alone', async (_, arrange) => {
    const { opencode, idle } = await setUp();
    arrange(opencode);
    opencode.addUser('ses_1', 'Say hello.');
    if (_ === 'a subagent session') opencode.addAssistant('ses_1', 'no JSON');
    await idle('ses_1');
    expect(opencode.prompts).toEqual([]);
  });

  it('handles one idle at a time per session', async () => {
    const { opencode, idle } = await setUp();
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Say hello.');
    opencode.addAssistant('ses_1', 'no');
    await Promise.all([idle('ses_1'), idle('ses_1'), idle('ses_1')]);
    expect(opencode.prompts).toHaveLength(1);
  });

  it.each([
    [{ type: 'session.status', properties: { sessionID: 'ses_1', status: { type: 'idle' } } }],
    [{ type: 'session.idle', properties: {} }],
    [{ type: 'session.idle', properties: { sessionID: 42 } }],
    [{ type: 'session.idle', properties: null }],
    [{ type: 'session.idle' }],
    [{ type: 'session.idle', properties: JSON.parse('{"__proto__":{"sessionID":"ses_1"}}') }],
  ])('ignores %j', async (event) => {
    const { opencode, hooks } = await setUp();
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Say hello.');
    opencode.addAssistant('ses_1', 'no');
    await hooks.event!({ event });
    expect(opencode.prompts).toEqual([]);
    expect(({} as Record<string, unknown>).sessionID).toBeUndefined();
  });

  it.each(['error', 'throw'] as const)('survives a client that answers with an %s', async (mode) => {
    const { opencode, idle } = await setUp();
    opencode.createSession('ses_1');
    opencode.failMessagesWith(mode);
    await expect(idle('ses_1')).resolves.toBeUndefined();
    expect(opencode.prompts).toEqual([]);
    if (mode === 'throw')
      expect(opencode.logs.filter((log) => log.level !== 'info')).toEqual([
        { level: 'error', message: expect.stringContaining('connection refused') },
      ]);
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

  it('cleans up state when a session is deleted', async () => {
    const { opencode, hooks, idle } = await setUp(1);
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Say hello.');
    opencode.addAssistant('ses_1', 'no');
    await idle('ses_1');
    await (hooks as Required<OpenCodeHooks>).event({
      event: { type: 'session.deleted', properties: { sessionID: 'ses_1' } },
    });
    expect(opencode.prompts).toHaveLength(1);
  });
});
