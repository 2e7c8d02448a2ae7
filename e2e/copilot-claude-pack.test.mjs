// GitHub Copilot CLI also runs a project's .claude/settings.json Stop hooks (1.0.102), with a Claude-shaped
// payload that has no last_assistant_message and names Copilot's events.jsonl as transcript_path. The
// Claude Code pack's hook, installed as Claude Code users install it, must judge Copilot's final answer there:
// push back a wrong one with the contract's correction and let the right one end the run.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readAgentRun } from '@skillpack/adapters';
import { runAgent } from '@skillpack/testing';
import {
  correctionFor,
  describeLoop,
  examplePacks,
  HOOKED,
  installPack,
  scriptedAnswers,
} from './_loops.mjs';
import { ensureRuntimes, makeSandbox, removeTempDirs, runtimeBinDir } from './_support.mjs';

describe('copilot-cli runs a Claude Code pack’s Stop hook', () => {
  before(() => {
    ensureRuntimes();
    examplePacks();
  });
  after(removeTempDirs);

  it('pushes back a wrong answer with the correction, read from Copilot’s transcript', async () => {
    const sandbox = makeSandbox();
    installPack('claude-code', sandbox);
    const script = HOOKED['conflux.acceptance'];
    const model = await scriptedAnswers([script.wrong, script.right]);
    try {
      const output = await runAgent({
        runtime: 'copilot-cli',
        model,
        prompt: script.prompt,
        project: sandbox.project,
        cli: join(runtimeBinDir, 'copilot'),
        // Copilot runs a project's hooks only in a trusted folder.
        args: ['--trust-folder'],
        timeoutMs: 180_000,
      });
      const requests = output.requests.filter((request) => request.hasTools);
      const why = describeLoop({ output: { ...output, status: output.exitCode }, requests });
      assert.equal(output.exitCode, 0, why);
      assert.equal(requests.length, 2, `expected the wrong answer and one retry\n${why}`);
      assert.ok(requests[1].lastMessage.includes(correctionFor('conflux.acceptance')), why);
      const run = await readAgentRun(output.stdout, { runtime: 'copilot-cli' });
      assert.equal(run.finish, 'complete', why);
      assert.equal(run.finalText?.trim(), script.right, why);
    } finally {
      await model.close();
    }
  });
});
