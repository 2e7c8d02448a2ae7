// Issue #43: a contract delivered as a tool inside each real agent loop, wired as `skillpack install` wires it.
// The pack built from a user's contract module ships its MCP submit server; `skillpack install` (the row's scope,
// with the consent flags a user passes) wires the server into the runtime's MCP configuration and the Stop hook
// (OpenCode: the plugin) into its hook configuration. The scripted model calls the tool by the name the runtime
// gives it (docs/runtimes-mcp.md); every read path (readAgentRun + extractContract, `skillpack parse`) gives the
// last accepted submit. One row per runtime in project scope, and Claude Code in user scope;
// SKILLPACK_E2E_RUNTIMES=claude-code,codex limits the rows.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { extractContract, readAgentRun } from '@skillpack/adapters';
import { defineContract } from '@skillpack/core';
import { runContract } from '@skillpack/host';
import {
  CLI_NAMES,
  createScriptedModel,
  otherwise,
  reply,
  runAgent,
  scriptedHostOptions,
  when,
} from '@skillpack/testing';
import { z } from 'zod';
import { PACK, RIGHT, SPEC, WRONG } from './_acme-refund.mjs';
import { installAsUser } from './_installed.mjs';
import {
  ensureRuntimes,
  makeSandbox,
  makeTempDir,
  removeTempDirs,
  runtimeBinDir,
  skillpack,
} from './_support.mjs';

/** The contract of the pack's module, the same source, to read the runs with. */
const refund = defineContract(new Function('z', `return ${SPEC};`)(z));
const TOOL = 'submit_acme_refund';
/** How the contract's correction of a wrong submit begins, from the server or the hook. */
const CORRECTION = 'does not satisfy the Acme refund decision contract';

/**
 * How each runtime names the pack's tool to the model [observed, docs/runtimes-mcp.md], what its run needs, and
 * whether its Stop hook reads the submit calls (from its transcript) or only the final message.
 */
const RUNTIMES = {
  'claude-code': {
    tool: `mcp__${PACK}__${TOOL}`,
    hookReadsCalls: true,
    continues: ['--continue'],
  },
  // Codex's default model: the tool is deferred behind `tool_search`, which the scripted model calls first, as a
  // real model does, and then the tool in the namespace it loaded (`mcp__<key>`, `-` made `_`). Its hook reads the
  // turn's calls from the session rollout its payload names.
  codex: { tool: `mcp__acme_refund__${TOOL}`, hookReadsCalls: true },
  opencode: { tool: `${PACK}_${TOOL}`, hookReadsCalls: true, continues: ['--continue'] },
  // Gemini CLI 0.61.0 checks a call's arguments against the declared schema itself: a value the schema refuses
  // never reaches the server, and the model gets Gemini's own message instead of the contract's correction. Its
  // hook reads the turn's calls, the refused one as failed, from the session transcript.
  'gemini-cli': {
    tool: `mcp_${PACK}_${TOOL}`,
    checksArguments: 'params/answer/amount must be > 0',
    hookReadsCalls: true,
  },
  'copilot-cli': { tool: `${PACK}-${TOOL}`, hookReadsCalls: true, continues: ['--continue'] },
  // Qwen Code 0.24.4 checks the arguments as Gemini CLI does; its hook reads the turn's calls, the refused one as
  // failed, from the chat recording its payload names.
  'qwen-code': {
    tool: `mcp__${PACK}__${TOOL}`,
    checksArguments: 'params/answer/amount must be > 0',
    hookReadsCalls: true,
  },
};
const only = process.env.SKILLPACK_E2E_RUNTIMES?.split(',');
/** Each runtime's pack installed in project scope, and Claude Code's in user scope (`~/.claude.json`, `~/.claude/settings.json`). */
const ROWS = [
  ...Object.keys(RUNTIMES).map((runtime) => ({ runtime, scope: 'project' })),
  { runtime: 'claude-code', scope: 'user' },
].filter(({ runtime }) => !only || only.includes(runtime));

let pack;
function buildPack() {
  const dir = makeTempDir('skillpack-mcp-pack-');
  mkdirSync(join(dir, 'contracts'));
  mkdirSync(join(dir, 'skills', 'refund'), { recursive: true });
  writeFileSync(
    join(dir, 'contracts', 'refund.ts'),
    `import { defineContract } from '@skillpack/core';\nimport { z } from 'zod';\n\nexport const refund = defineContract(${SPEC});\n`,
  );
  writeFileSync(
    join(dir, 'skills', 'refund', 'skill.md'),
    '---\nname: refund\ndescription: Decide a refund. Use when asked about a refund.\ncontracts: [acme.refund]\n---\n\nDecide the refund.\n\n{{> contract-output contract="acme.refund"}}\n',
  );
  const config = join(dir, 'skillpack.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      name: PACK,
      version: '1.0.0',
      description: 'Acme refund.',
      author: { name: 'Acme' },
      license: 'MIT',
      targets: Object.keys(RUNTIMES),
      contracts: ['./contracts/refund.ts'],
      hooks: { 'acme.refund': {} },
    }),
  );
  const built = skillpack(['build'], { cwd: dir });
  assert.equal(built.status, 0, `${built.stdout}${built.stderr}`);
  return { config, packs: join(dir, 'dist/skill-packs') };
}

/** A project and home the pack is installed in (the row's scope, with the consent flags a user passes). */
function installedSandbox(runtime, scope) {
  const sandbox = makeSandbox();
  const install = installAsUser(sandbox, { runtime, scope, packs: pack.packs, activate: true });
  assert.equal(install.status, 0, `skillpack install failed:\n${install.stdout}\n${install.stderr}`);
  if (runtime === 'opencode') {
    // OpenCode installs @opencode-ai/plugin next to installed plugins unless it is there (see _installed.mjs).
    const base =
      scope === 'project' ? join(sandbox.project, '.opencode') : join(sandbox.home, '.config/opencode');
    const stub = join(base, 'node_modules/@opencode-ai/plugin');
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'package.json'), '{"name":"@opencode-ai/plugin","version":"1.18.33"}\n');
  }
  return sandbox;
}

/** The scripted model answering `replies` (a side request without tools gets a title). */
const scriptedModel = (replies) =>
  createScriptedModel({
    replies: [when({ hasTools: false }, reply.text('Refund')), ...replies, otherwise(reply.httpError(500))],
  });

/**
 * Runs of `runtime` in a project the pack is installed in, one per prompt of `prompts` in one session (each later
 * one continues it with the row's `continues` arguments), with `env` added; what every read path makes of the last.
 */
async function runInstalled(
  runtime,
  facts,
  replies,
  { prompts = ['Should order 42 be refunded?'], env = {} } = {},
) {
  const sandbox = installedSandbox(runtime, facts.scope);
  const model = await scriptedModel(replies);
  try {
    let output;
    for (const [index, prompt] of prompts.entries()) {
      output = await runAgent({
        runtime,
        model,
        prompt,
        project: sandbox.project,
        home: sandbox.home,
        cli: join(runtimeBinDir, CLI_NAMES[runtime]),
        args: [...(facts.args ?? []), ...(index > 0 ? facts.continues : [])],
        env,
        timeoutMs: 180_000,
      });
      // The last run's exit is asserted with everything the read paths made of it.
      if (index === prompts.length - 1) break;
      assert.equal(output.exitCode, 0, `prompt ${index}: ${output.stderr.slice(-1500)}`);
    }
    const requests = output.requests.filter((request) => request.hasTools);
    const run = await readAgentRun(output.stdout, { runtime });
    const file = join(makeTempDir('skillpack-mcp-out-'), 'stdout.jsonl');
    writeFileSync(file, output.stdout);
    const parsed = skillpack(['parse', '--contract', 'acme.refund', '--config', pack.config, file]);
    const why = [
      `exit ${output.exitCode}`,
      ...requests.map((request, i) => `  [${i}] ${request.lastMessage.slice(0, 300)}`),
      `run: ${run.finish} ${JSON.stringify(run.error ?? null)} ${JSON.stringify(run.problems.map((problem) => problem.message))}`,
      `tools: ${JSON.stringify(run.tools.map((tool) => [tool.name, tool.status]))}`,
      `stdout: ${output.stdout.slice(0, 600)}\n…\n${output.stdout.slice(-1500)}`,
      `stderr: ${output.stderr.slice(-1500)}`,
    ].join('\n');
    return { output, requests, run, parsed, why };
  } finally {
    await model.close();
  }
}

/** The first line of what the model gets back for the wrong submit: the contract's correction, or the runtime's. */
function correctionLine(facts) {
  const failure = refund.readToolCalls([{ name: TOOL, input: WRONG, status: 'completed' }]);
  return facts.checksArguments ?? refund.correct(failure.error).split('\n')[0];
}

/** The run ended complete on "Done." and every read path gives the right submit's value. */
function assertAnswered({ output, run, parsed, why }) {
  assert.equal(output.exitCode, 0, why);
  assert.equal(run.finish, 'complete', why);
  assert.equal(run.finalText, 'Done.', why);
  const extracted = extractContract(run, refund);
  assert.ok(extracted.success, `${JSON.stringify(extracted)}\n${why}`);
  assert.deepEqual(extracted.data, RIGHT.answer);
  assert.equal(parsed.status, 0, `skillpack parse: ${parsed.stdout}${parsed.stderr}`);
  assert.deepEqual(JSON.parse(parsed.stdout).value, RIGHT.answer);
}

before(() => {
  ensureRuntimes();
  pack = buildPack();
});
after(removeTempDirs);

for (const { runtime, scope } of ROWS) {
  const facts = { ...RUNTIMES[runtime], scope };
  describe(`${runtime} (${scope} scope): a contract delivered as an MCP submit tool, installed, inside the real agent loop`, () => {
    it('a wrong submit gets the contract correction as the tool result; the right one ends the run', async () => {
      const correction = correctionLine(facts);
      const loop = await runInstalled(runtime, facts, [
        when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
        when({ lastMessageIncludes: correction }, reply.toolCall(facts.tool, RIGHT)),
        when({ turn: 0 }, reply.toolCall(facts.tool, WRONG)),
      ]);
      assert.ok(
        loop.requests.some((request) => request.lastMessage.includes(correction)),
        `the correction came back as the tool result\n${loop.why}`,
      );
      assert.deepEqual(loop.run.tools.filter((tool) => tool.name === facts.tool).length, 2, loop.why);
      assertAnswered(loop);
    });

    it('runContract gives the submit the server accepted as its typed value, in one attempt', async () => {
      const sandbox = installedSandbox(runtime, facts.scope);
      const model = await scriptedModel([
        when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
        when({ lastMessageIncludes: correctionLine(facts) }, reply.toolCall(facts.tool, RIGHT)),
        when({ turn: 0 }, reply.toolCall(facts.tool, WRONG)),
      ]);
      const offline = await scriptedHostOptions(runtime, {
        model,
        project: sandbox.project,
        home: sandbox.home,
        cli: join(runtimeBinDir, CLI_NAMES[runtime]),
      });
      try {
        const result = await runContract({
          runtime,
          contract: refund,
          prompt: 'Should order 42 be refunded?',
          cwd: offline.cwd,
          bin: offline.bin,
          env: offline.env,
          args: [...offline.args, ...(facts.args ?? [])],
          timeoutMs: 180_000,
        });
        const why = JSON.stringify({ ...result, attempts: result.attempts?.map((a) => a.outcome) }).slice(
          0,
          3000,
        );
        assert.equal(result.ok, true, why);
        assert.deepEqual(result.value, RIGHT.answer, why);
        assert.equal(result.attempts.length, 1, why);
        const asked = model.requests.find((request) => request.hasTools);
        assert.ok(asked?.text.includes(`by calling the ${TOOL} tool`), 'the prompt asked for the tool call');
      } finally {
        offline.dispose();
        await model.close();
      }
    });

    it('the hook pushes back an answer written as text with the instruction to call the tool', async () => {
      const loop = await runInstalled(runtime, facts, [
        when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
        when(
          { lastMessageIncludes: `delivered only by calling the ${TOOL} tool` },
          reply.toolCall(facts.tool, RIGHT),
        ),
        when({ turn: 0 }, reply.text('Refund it.\n{"refund":true,"amount":3}')),
      ]);
      assert.ok(
        loop.requests.some((request) => request.lastMessage.includes(`Call the ${TOOL} tool with arguments`)),
        `pushed back with the instruction\n${loop.why}`,
      );
      assertAnswered(loop);
    });

    it('the hook reads the failed submit from the transcript and pushes back a stop without a valid one', {
      skip: facts.hookReadsCalls ? false : 'its Stop hook sees no tool calls',
    }, async () => {
      // The wrong value is answered by the server's correction, or by the runtime's own message where it checks
      // the arguments itself; the agent then stops. The contract's correction after that stop is the hook's,
      // which read the failed (or refused) call.
      const refusal = facts.checksArguments ?? CORRECTION;
      let stopped = false;
      const loop = await runInstalled(runtime, facts, [
        when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
        when({ lastMessageIncludes: refusal }, () => {
          if (stopped) return reply.toolCall(facts.tool, RIGHT);
          stopped = true;
          return reply.text('Done.');
        }),
        when({ lastMessageIncludes: CORRECTION }, reply.toolCall(facts.tool, RIGHT)),
        when({ turn: 0 }, reply.toolCall(facts.tool, WRONG)),
      ]);
      const corrections = loop.requests.filter((request) => request.lastMessage.includes(CORRECTION));
      assert.equal(
        corrections.length,
        facts.checksArguments ? 1 : 2,
        `the hook pushed back the stop after the failed submit\n${loop.why}`,
      );
      assert.match(corrections.at(-1).lastMessage, /amount: Too small/, loop.why);
      assertAnswered(loop);
    });

    // The installed hook checks only stops that attempt a contract (`--enforce attempted`: a turn with no call and no
    // written answer may be a session that never used the skill); an orchestrator's run sets SKILLPACK_HOOK_ENFORCE
    // to hold every stop of it to the contract.
    it('an agent that never calls the tool is pushed back by the hook with the instruction to call it', {
      skip: facts.hookReadsCalls ? (facts.neverCalls ?? false) : 'its Stop hook sees no tool calls',
    }, async () => {
      const loop = await runInstalled(
        runtime,
        facts,
        [
          when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
          when(
            { lastMessageIncludes: `Call the ${TOOL} tool with arguments` },
            reply.toolCall(facts.tool, RIGHT),
          ),
          when({ turn: 0 }, reply.text('Done.')),
        ],
        { env: { SKILLPACK_HOOK_ENFORCE: 'always' } },
      );
      assert.ok(
        loop.requests.some((request) => request.lastMessage.includes(`Call the ${TOOL} tool with arguments`)),
        `pushed back with the instruction\n${loop.why}`,
      );
      assertAnswered(loop);
    });

    it('a submit made for an earlier prompt of the session does not answer a later one', {
      skip: !facts.hookReadsCalls
        ? 'its Stop hook sees no tool calls'
        : !facts.continues &&
          'the row does not continue a session (its transcript reader is tested on captures)',
    }, async () => {
      // The first prompt is answered by a valid submit; the second submits a wrong value, then stops: the hook
      // pushes that stop back (a transcript holds both prompts, and only the second one's calls answer it).
      let corrections = 0;
      const loop = await runInstalled(
        runtime,
        facts,
        [
          when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
          when({ lastMessageIncludes: 'does not satisfy the Acme refund decision contract' }, () =>
            corrections++ === 0 ? reply.text('Done.') : reply.toolCall(facts.tool, RIGHT),
          ),
          when({ lastMessageIncludes: 'order 43' }, reply.toolCall(facts.tool, WRONG)),
          when(
            { lastMessageIncludes: 'order 42' },
            reply.toolCall(facts.tool, { answer: { refund: false, reason: 'Used.' } }),
          ),
        ],
        { prompts: ['Should order 42 be refunded?', 'And should order 43 be refunded?'] },
      );
      assert.equal(corrections, 2, `the hook pushed back the second prompt's stop\n${loop.why}`);
      assertAnswered(loop);
    });
  });
}
