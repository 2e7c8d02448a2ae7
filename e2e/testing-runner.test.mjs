// @skillpack/testing against the real CLIs: runAgent drives each pinned runtime through a scripted model to a
// completed run (a shell tool call, then an answer), and Codex runs a project Stop hook once it is trusted
// through the runner's opt-in. Run with `npm run test:runtimes`.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createScriptedModel, reply, runAgent, when } from '@skillpack/testing';
import { ensureRuntimes, makeTempDir, removeTempDirs, runtimeBinDir } from './_support.mjs';

const CLI = { 'claude-code': 'claude', codex: 'codex', opencode: 'opencode' };
const ANSWER = 'The folder holds a git repository and notes.txt.';

let model;
before(async () => {
  ensureRuntimes();
  model = await createScriptedModel({
    replies: [
      when({ hasTools: false }, reply.text('Scripted title')),
      when({ lastMessageIncludes: 'Say FINAL' }, reply.text(`${ANSWER} FINAL`)),
      when({ turn: 0 }, reply.shell('ls -a')),
      when({ lastMessageIncludes: 'notes.txt' }, reply.text(ANSWER)),
    ],
  });
});
after(async () => {
  await model?.close();
  removeTempDirs();
});

const run = (runtime, options = {}) =>
  runAgent({
    runtime,
    model,
    cli: `${runtimeBinDir}/${CLI[runtime]}`,
    prompt: 'What is in this folder?',
    files: { 'notes.txt': 'hello\n' },
    ...options,
  });

describe('@skillpack/testing runAgent with the real CLIs', () => {
  for (const runtime of Object.keys(CLI)) {
    it(`drives ${runtime} through a tool call to a completed run`, async () => {
      const result = await run(runtime);
      assert.equal(result.exitCode, 0, `${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`);
      assert.equal(result.timedOut, false);
      assert.equal(result.run.runtime, runtime);
      assert.equal(result.run.finish, 'complete');
      assert.equal(result.run.finalText, ANSWER);
      assert.equal(result.run.tools.length, 1, JSON.stringify(result.run.tools));
      assert.match(result.run.tools[0].output ?? '', /notes\.txt/);
      const agentRequests = result.requests.filter((request) => request.hasTools);
      assert.deepEqual(
        agentRequests.map((request) => [request.turn, request.rule]),
        [
          [0, 2],
          [1, 3],
        ],
      );
      assert.ok(result.requests.every((request) => request.rule !== undefined));
    });
  }

  it('loads a Claude Code plugin folder with pluginDirs: its skill reaches the model', async () => {
    const plugin = makeTempDir('skillpack-plugin-');
    mkdirSync(join(plugin, '.claude-plugin'));
    writeFileSync(
      join(plugin, '.claude-plugin/plugin.json'),
      JSON.stringify({ name: 'scripted-demo', version: '0.0.0' }),
    );
    mkdirSync(join(plugin, 'skills/review'), { recursive: true });
    writeFileSync(
      join(plugin, 'skills/review/SKILL.md'),
      '---\nname: review\ndescription: Review a change with the scripted demo plugin.\n---\n\nAnswer PASS.\n',
    );
    const result = await run('claude-code', { pluginDirs: [plugin] });
    assert.equal(result.exitCode, 0, result.stderr.slice(-2000));
    assert.ok(
      result.requests[0].text.includes('Review a change with the scripted demo plugin.'),
      'the plugin skill is not in the first model request',
    );
    const init = JSON.parse(result.stdout.split('\n')[0]);
    assert.ok(
      init.plugins.some((plugin) => plugin.name === 'scripted-demo'),
      JSON.stringify(init.plugins),
    );
  });

  it('runs a Codex project Stop hook once trustCodexHooks records its trust', async () => {
    // Blocks the first stop only: the marker file is the hook's memory.
    const hook = `test -f .stop-seen && echo '{}' || { touch .stop-seen; echo '{"decision":"block","reason":"Say FINAL"}'; }`;
    const files = {
      'notes.txt': 'hello\n',
      '.codex/hooks.json': JSON.stringify({
        hooks: { Stop: [{ hooks: [{ type: 'command', command: hook }] }] },
      }),
    };
    const untrusted = await run('codex', { files });
    assert.equal(untrusted.run.finalText, ANSWER, 'an untrusted hook must not run');
    const trusted = await run('codex', { files, trustCodexHooks: true });
    assert.equal(trusted.exitCode, 0, trusted.stderr.slice(-2000));
    assert.equal(trusted.run.finish, 'complete');
    assert.equal(trusted.run.finalText, `${ANSWER} FINAL`);
    assert.match(trusted.requests.at(-1).lastMessage, /<hook_prompt[^>]*>Say FINAL<\/hook_prompt>/);
  });
});
