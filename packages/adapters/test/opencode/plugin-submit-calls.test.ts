// Issue #43: the OpenCode plugin judges a tool-delivered contract by the submit calls the agent made since a
// person last wrote, read from the stored session: however many other calls follow, after a restart of the
// plugin, and never from an earlier prompt.
import { createContractRegistry, defineContract } from '@skillpack/core';
import { archProposalDone, renderZfEmitCommand } from '@skillpack/core/zaofu';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenCodePlugin } from '../../src/opencode/plugin.js';
import type { OpenCodePartLike } from '../../src/opencode/plugin-types.js';
import { createFakeOpenCode, pluginTurnWithTools } from './plugin-fake-client.js';

const submitted = defineContract({
  id: 'test.submitted',
  version: '1.0.0',
  title: 'Submitted greeting',
  description: 'A greeting delivered by calling its submit tool.',
  delivery: 'tool',
  schema: z.strictObject({ greeting: z.string().min(1) }),
  examples: [{ name: 'hello', value: { greeting: 'hello' } }],
});
const registry = createContractRegistry([submitted]);

type Fake = ReturnType<typeof createFakeOpenCode>;

/** The plugin listening to `opencode` from now on (a new instance over a stored session is a restart). */
async function listen(opencode: Fake) {
  const hooks = await createOpenCodePlugin({ contracts: ['test.submitted'], registry, enforce: 'always' })({
    client: opencode.client,
    directory: '/work/project',
  });
  opencode.subscribe((event) => hooks.event!({ event }));
  return async () => {
    await hooks.event!({ event: { type: 'session.idle', properties: { sessionID: 'ses_1' } } });
    await opencode.settle();
  };
}

/** A call of the pack's submit tool as OpenCode 1.18.33 names an MCP tool of server `acme-pack`: `<key>_<tool>`. */
const submit = (greeting: string, status: string): OpenCodePartLike => ({
  type: 'tool',
  tool: 'acme-pack_submit_test_submitted',
  state: { status, input: { greeting } },
});
const read = (status = 'completed'): OpenCodePartLike => ({
  type: 'tool',
  tool: 'read',
  state: { status, input: { filePath: 'notes.txt' } },
});

/** A session whose person asked, whose agent made `calls` in one step, then answered `answer`. */
async function submitting(calls: readonly OpenCodePartLike[], answer = 'Done.') {
  const opencode = createFakeOpenCode();
  await listen(opencode);
  opencode.createSession('ses_1');
  opencode.addUser('ses_1', 'Greet.');
  opencode.addAssistant('ses_1', '', undefined, { reason: 'tool-calls', tools: calls });
  opencode.addAssistant('ses_1', answer);
  await opencode.settle();
  return opencode;
}

describe('the OpenCode plugin for a contract delivered as a tool', () => {
  it('reads the answer from the submit calls of the turn: a valid one lets the answer stand', async () => {
    const opencode = await submitting([submit('', 'error'), submit('hi', 'completed')]);
    expect(opencode.prompts).toEqual([]);
  });

  it('pushes back an answer after a failed submit with the correction, and one without a submit', async () => {
    const failed = await submitting([submit('', 'error')]);
    expect(failed.prompts).toHaveLength(1);
    expect(failed.prompts[0]!.body.parts[0]!.text).toMatch(/Call the submit_test_submitted tool/);
    const none = await submitting([]);
    expect(none.prompts).toHaveLength(1);
  });

  it('keeps a submit however many other calls follow it in the turn', async () => {
    const opencode = await submitting([
      submit('hi', 'completed'),
      ...Array.from({ length: 80 }, () => read()),
    ]);
    expect(opencode.prompts).toEqual([]);
  });

  it('after a restart, reads the calls the turn made before it from the stored session', async () => {
    const opencode = createFakeOpenCode();
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Greet.');
    opencode.addAssistant('ses_1', '', undefined, {
      reason: 'tool-calls',
      tools: [submit('hi', 'completed')],
    });
    // OpenCode's server restarted (or `opencode run --continue` loaded the plugin) while the turn went on.
    await listen(opencode);
    opencode.addAssistant('ses_1', 'Done.');
    await opencode.settle();
    expect(opencode.prompts).toEqual([]);
  });

  it('never answers a later prompt with a submit made for an earlier one, restarted or not', async () => {
    for (const restart of [false, true]) {
      const opencode = createFakeOpenCode();
      if (!restart) await listen(opencode);
      opencode.createSession('ses_1');
      opencode.addUser('ses_1', 'Greet.');
      opencode.addAssistant('ses_1', '', undefined, {
        reason: 'tool-calls',
        tools: [submit('hi', 'completed')],
      });
      opencode.addAssistant('ses_1', 'Done.');
      opencode.addUser('ses_1', 'Greet again.');
      if (restart) await listen(opencode);
      opencode.addAssistant('ses_1', 'Done.');
      await opencode.settle();
      expect(opencode.prompts, `restart: ${restart}`).toHaveLength(1);
    }
  });

  it('lets the answer through and logs why when the session cannot be read', async () => {
    const opencode = createFakeOpenCode();
    await listen(opencode);
    opencode.createSession('ses_1');
    opencode.addUser('ses_1', 'Greet.');
    await opencode.settle();
    opencode.failMessagesWith('error');
    opencode.addAssistant('ses_1', 'Done.');
    await opencode.settle();
    expect(opencode.prompts).toEqual([]);
    expect(
      opencode.logs.some((log) => log.level === 'error' && /cannot read the messages/.test(log.message)),
    ).toBe(true);
  });
});

/** One generated prompt: the person's question, then the agent's calls (one step) and `Done.`. */
const callsArbitrary = fc.array(
  fc.record({ valid: fc.boolean(), status: fc.constantFrom('completed', 'error', 'running') }),
  { maxLength: 3 },
);

describe('generated two-prompt sessions, the plugin (re)started before any step of them', () => {
  it("the second prompt's answer is judged by its own calls alone", async () => {
    await fc.assert(
      fc.asyncProperty(callsArbitrary, callsArbitrary, fc.nat(5), async (first, second, restartAt) => {
        const opencode = createFakeOpenCode();
        const steps: (() => void)[] = [];
        for (const [p, calls] of [first, second].entries()) {
          steps.push(() => opencode.addUser('ses_1', `Greet ${p}.`));
          const tools = calls.map((call, i) => submit(call.valid ? `hi ${p}.${i}` : '', call.status));
          steps.push(() => opencode.addAssistant('ses_1', '', undefined, { reason: 'tool-calls', tools }));
          steps.push(() => opencode.addAssistant('ses_1', 'Done.'));
        }
        opencode.createSession('ses_1');
        let sentBefore = 0;
        for (const [index, step] of steps.entries()) {
          if (index === restartAt) await listen(opencode);
          if (index === 3) {
            await opencode.settle();
            sentBefore = opencode.prompts.length;
          }
          step();
          await opencode.settle();
        }
        const answered = second.some((call) => call.valid && call.status === 'completed');
        expect(opencode.prompts.length - sentBefore).toBe(answered ? 0 : 1);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the OpenCode plugin for a contract that reads its own tool calls (ZaoFu zf emit)', () => {
  const command = renderZfEmitCommand('arch.proposal.done', archProposalDone.examples[0]!.value);
  const bash = (status: string): OpenCodePartLike => ({
    type: 'tool',
    tool: 'bash',
    state: { status, input: { command } },
  });

  const emitting = (status: string) => pluginTurnWithTools([archProposalDone.id], [bash(status)]);

  it('lets an answer stand whose turn ran a valid zf emit, and pushes back one whose emit failed', async () => {
    expect((await emitting('completed')).prompts).toEqual([]);
    expect((await emitting('error')).prompts).toHaveLength(1);
  });
});
