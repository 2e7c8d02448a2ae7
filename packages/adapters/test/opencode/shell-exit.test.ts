// OpenCode 1.18.33 reports a shell command that exited non-zero as a `completed` tool call with its exit code in
// `state.metadata.exit`: such a call failed, on the headless reader and on the plugin's session messages alike,
// so a `zf emit` that failed never answers ZaoFu's contract. Captures: `fixtures/opencode/shell-exit/`.
import { archProposalDone } from '@skillpack/core/zaofu';
import { describe, expect, it } from 'vitest';
import { extractContract } from '../../src/extract-contract.js';
import { currentPromptCalls } from '../../src/opencode/_plugin-session.js';
import { createOpenCodePlugin } from '../../src/opencode/plugin.js';
import type { OpenCodeMessageLike } from '../../src/opencode/plugin-types.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { fixtureText } from '../_support/fixtures.js';
import { createFakeOpenCode } from './plugin-fake-client.js';

const EXITS = [0, 1] as const;
const run = (exit: number) =>
  readAgentRun(fixtureText('opencode', `shell-exit/run-json-zf-emit-exit-${exit}.ndjson`));
const session = (exit: number): OpenCodeMessageLike[] =>
  JSON.parse(fixtureText('opencode', `shell-exit/session-messages-zf-emit-exit-${exit}.json`));

describe('OpenCode: a shell command that exited non-zero is a failed call', () => {
  it('run --format json: the failed zf emit is an error call, and only the exit 0 emit answers', async () => {
    const failed = await run(1);
    expect(failed.tools).toEqual([
      expect.objectContaining({ name: 'bash', status: 'error', error: 'The command exited with code 1.' }),
    ]);
    expect(extractContract(failed, archProposalDone).success).toBe(false);
    const emitted = await run(0);
    expect(emitted.tools).toEqual([expect.objectContaining({ status: 'completed', error: undefined })]);
    expect(extractContract(emitted, archProposalDone).success).toBe(true);
  });

  it("the plugin's session messages: the failed zf emit is an error call", () => {
    for (const exit of EXITS) {
      const messages = session(exit);
      const calls = currentPromptCalls(messages, messages.at(-1)!.info.id);
      expect(calls.map((call) => call.status)).toEqual([exit === 0 ? 'completed' : 'error']);
    }
  });

  it('the plugin pushes back the answer of a turn whose zf emit failed, and lets an emitted one stand', async () => {
    for (const exit of EXITS) {
      const bash = session(exit)
        .flatMap((message) => message.parts)
        .filter((part) => part.type === 'tool');
      const opencode = createFakeOpenCode();
      const hooks = await createOpenCodePlugin({ contracts: [archProposalDone.id], enforce: 'always' })({
        client: opencode.client,
        directory: '/work/project',
      });
      opencode.subscribe((event) => hooks.event!({ event }));
      opencode.createSession('ses_1');
      opencode.addUser('ses_1', 'emit');
      opencode.addAssistant('ses_1', '', undefined, { reason: 'tool-calls', tools: bash });
      opencode.addAssistant('ses_1', 'Done.');
      await opencode.settle();
      expect(opencode.prompts, `exit ${exit}`).toHaveLength(exit === 0 ? 0 : 1);
    }
  });
});
