import { createContractRegistry } from '@skillpack/core';
import { archProposalDone, renderZfEmitCommand } from '@skillpack/core/zaofu';
import { describe, expect, it, vi } from 'vitest';
import {
  createPiExtension,
  DEFAULT_PI_MAX_BLOCKS,
  PI_PUSHBACK_TYPE,
  settlingAnswer,
} from '../../src/pi/extension.js';
import type {
  PiBeforeSettleEvent,
  PiBeforeSettleResult,
  PiContextMessageLike,
  PiExtensionApiLike,
  PiExtensionContextLike,
} from '../../src/pi/extension-types.js';
import { greetingContract } from '../hooks/_contracts.js';

const registry = createContractRegistry([greetingContract]);

type Handler = (event: never, ctx: PiExtensionContextLike) => unknown;

/** A stand-in for Pi's extension API: the handlers the extension registers, by event. */
async function load(options: Parameters<typeof createPiExtension>[0]) {
  const handlers = new Map<string, Handler>();
  const notices: string[] = [];
  const api = { on: (event: string, handler: Handler) => handlers.set(event, handler) } as PiExtensionApiLike;
  await createPiExtension({ notify: (message) => notices.push(message), registry, ...options })(api);
  const ctx = (session: string): PiExtensionContextLike => ({
    sessionManager: { getSessionId: () => session },
  });
  return {
    notices,
    settle(text: string, { session = 's1', stopReason = 'stop', outcome = 'completed' } = {}) {
      const event: PiBeforeSettleEvent = {
        outcome,
        entries: [],
        context: {
          contextMessages: [
            { role: 'user', content: [{ type: 'text', text: 'Review it' }] },
            { role: 'assistant', content: [{ type: 'text', text }], stopReason },
          ],
        },
      };
      return handlers.get('agent_before_settle')!(event as never, ctx(session)) as Promise<
        PiBeforeSettleResult | undefined
      >;
    },
    /** A settle whose context is `contextMessages` as given. */
    settleContext(contextMessages: PiContextMessageLike[]) {
      const event: PiBeforeSettleEvent = { outcome: 'completed', entries: [], context: { contextMessages } };
      return handlers.get('agent_before_settle')!(event as never, ctx('s1')) as Promise<
        PiBeforeSettleResult | undefined
      >;
    },
    input(source: string, session = 's1') {
      handlers.get('input')!({ source } as never, ctx(session));
    },
  };
}

/** An attempt at the greeting contract that it rejects (an empty greeting), and one it accepts. */
const WRONG = '{"greeting":""}';
const RIGHT = '{"greeting":"hello"}';

describe('the Pi extension (agent_before_settle)', () => {
  it('pushes a wrong answer back with the contract correction, and lets the right one settle', async () => {
    const pi = await load({ contracts: ['test.greeting'] });
    const pushed = await pi.settle(WRONG);
    expect(pushed?.continue).toBe(true);
    expect(pushed?.entries).toEqual([
      expect.objectContaining({ type: 'custom_message', customType: PI_PUSHBACK_TYPE, display: true }),
    ]);
    expect((pushed!.entries[0] as { content: string }).content).toContain('greeting');
    expect(await pi.settle(RIGHT)).toBeUndefined();
    expect(pi.notices).toHaveLength(1);
  });

  it('spends its own budget per session, then lets the answer through with a notice', async () => {
    const pi = await load({ contracts: ['test.greeting'] });
    for (let block = 0; block < DEFAULT_PI_MAX_BLOCKS; block++)
      expect((await pi.settle(WRONG))?.continue).toBe(true);
    expect(await pi.settle(WRONG)).toBeUndefined();
    expect(pi.notices.at(-1)).toContain('still not satisfied');
    expect((await pi.settle(WRONG, { session: 's2' }))?.continue).toBe(true);
    pi.input('extension');
    expect(await pi.settle(WRONG)).toBeUndefined();
    pi.input('interactive');
    expect((await pi.settle(WRONG))?.continue).toBe(true);
  });

  it.each([
    ['a length cut', { stopReason: 'length' }],
    ['an API error', { stopReason: 'error' }],
    ['an aborted run', { outcome: 'aborted' }],
  ] as const)('leaves %s alone', async (_name, how) => {
    const pi = await load({ contracts: ['test.greeting'] });
    expect(await pi.settle(WRONG, how)).toBeUndefined();
  });

  it('checks only answers that attempt a contract unless enforce is always', async () => {
    expect(await (await load({ contracts: ['test.greeting'] })).settle('Hello.')).toBeUndefined();
    expect(
      (await (await load({ contracts: ['test.greeting'], enforce: 'always' })).settle('Hello.'))?.continue,
    ).toBe(true);
  });

  it('enforces always when the run sets SKILLPACK_HOOK_ENFORCE=always', async () => {
    vi.stubEnv('SKILLPACK_HOOK_ENFORCE', 'always');
    try {
      expect((await (await load({ contracts: ['test.greeting'] })).settle('Hello.'))?.continue).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('fails its load on an unknown contract, so Pi exits before any request', async () => {
    await expect(load({ contracts: ['nope.nothing'] })).rejects.toThrow(/Unknown contract "nope.nothing"/);
  });

  it('reads the calls the context made for the last prompt, for a contract that reads tool calls (zf emit)', async () => {
    const pi = await load({ contracts: [archProposalDone.id], enforce: 'always' });
    const command = renderZfEmitCommand('arch.proposal.done', archProposalDone.examples[0]!.value);
    const prompt = { role: 'user', content: [{ type: 'text', text: 'Propose it.' }] };
    const emit = (isError: boolean) => [
      { role: 'assistant', content: [{ type: 'toolCall', id: 'c1', name: 'bash', arguments: { command } }] },
      { role: 'toolResult', toolCallId: 'c1', toolName: 'bash', content: [], isError },
    ];
    const done = { role: 'assistant', content: [{ type: 'text', text: 'Done.' }], stopReason: 'stop' };
    expect(await pi.settleContext([prompt, ...emit(false), done])).toBeUndefined();
    expect((await pi.settleContext([prompt, ...emit(true), done]))?.continue).toBe(true);
    // Made for an earlier prompt: it answered that one.
    expect((await pi.settleContext([prompt, ...emit(false), done, prompt, done]))?.continue).toBe(true);
  });

  it('reads the last assistant message as the answer', () => {
    expect(settlingAnswer([{ role: 'assistant', content: 'a' }, { role: 'toolResult' }])).toEqual({
      text: 'a',
      stopReason: undefined,
    });
    expect(settlingAnswer([{ role: 'user', content: 'x' }])).toBeUndefined();
  });
});
