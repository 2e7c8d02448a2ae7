// Issue #43: a contract delivered as a tool inside each real agent loop, wired as `skillpack install` wires it.
// The pack built from a user's contract module ships its MCP submit server; `skillpack install` (project scope,
// with the consent flags a user passes) wires the server into the runtime's MCP configuration and the Stop hook
// (OpenCode: the plugin) into its hook configuration. The scripted model calls the tool by the name the runtime
// gives it (docs/runtimes-mcp.md); every read path (readAgentRun + extractContract, `skillpack parse`) gives the
// last accepted submit. One row per runtime; SKILLPACK_E2E_RUNTIMES=claude-code,codex limits the rows.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { extractContract, readAgentRun } from '@skillpack/adapters';
import { defineContract } from '@skillpack/core';
import { CLI_NAMES, createScriptedModel, otherwise, reply, runAgent, when } from '@skillpack/testing';
import { z } from 'zod';
import { installAsUser } from './_installed.mjs';
import {
  ensureRuntimes,
  makeSandbox,
  makeTempDir,
  removeTempDirs,
  runtimeBinDir,
  skillpack,
} from './_support.mjs';

const SPEC = `{
  id: 'acme.refund',
  version: '1.0.0',
  title: 'Acme refund decision',
  description: 'Whether the order is refunded.',
  delivery: 'tool',
  schema: z.discriminatedUnion('refund', [
    z.strictObject({ refund: z.literal(true), amount: z.number().positive() }),
    z.strictObject({ refund: z.literal(false), reason: z.string().min(1) }),
  ]),
  examples: [{ name: 'refund', value: { refund: true, amount: 12.5 } }],
}`;
/** The contract of the pack's module, the same source, to read the runs with. */
const refund = defineContract(new Function('z', `return ${SPEC};`)(z));
const PACK = 'acme-refund';
const TOOL = 'submit_acme_refund';
const WRONG = { answer: { refund: true, amount: -1 } };
const RIGHT = { answer: { refund: true, amount: 3 } };
/** How the contract's correction of a wrong submit begins, from the server or the hook. */
const CORRECTION = 'does not satisfy the Acme refund decision contract';

/**
 * How each runtime names the pack's tool to the model [observed, docs/runtimes-mcp.md], what its run needs, and
 * whether its Stop hook reads the submit calls (from its transcript) or only the final message.
 */
const RUNTIMES = {
  'claude-code': { tool: `mcp__${PACK}__${TOOL}`, hookReadsCalls: true },
  // Codex's default model: the tool is deferred behind `tool_search`, which the scripted model calls first, as a
  // real model does, and then the tool in the namespace it loaded (`mcp__<key>`, `-` made `_`). Its hook reads the
  // turn's calls from the session rollout its payload names.
  codex: { tool: `mcp__acme_refund__${TOOL}`, hookReadsCalls: true },
  opencode: { tool: `${PACK}_${TOOL}`, hookReadsCalls: true },
  // Gemini CLI 0.61.0 checks a call's arguments against the declared schema itself: a value the schema refuses
  // never reaches the server, and the model gets Gemini's own message instead of the contract's correction.
  'gemini-cli': { tool: `mcp_${PACK}_${TOOL}`, checksArguments: 'params/answer/amount must be > 0' },
  'copilot-cli': { tool: `${PACK}-${TOOL}`, hookReadsCalls: true },
  'qwen-code': { tool: `mcp__${PACK}__${TOOL}`, checksArguments: 'params/answer/amount must be > 0' },
};
const only = process.env.SKILLPACK_E2E_RUNTIMES?.split(',');
const ROWS = Object.entries(RUNTIMES).filter(([id]) => !only || only.includes(id));

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

/** One run of `runtime` in a project the pack is installed in; what every read path makes of it. */
async function runInstalled(runtime, facts, replies) {
  const sandbox = makeSandbox();
  const install = installAsUser(sandbox, { runtime, scope: 'project', packs: pack.packs, activate: true });
  assert.equal(install.status, 0, `skillpack install failed:\n${install.stdout}\n${install.stderr}`);
  if (runtime === 'opencode') {
    // OpenCode installs @opencode-ai/plugin next to installed plugins unless it is there (see _installed.mjs).
    const stub = join(sandbox.project, '.opencode/node_modules/@opencode-ai/plugin');
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'package.json'), '{"name":"@opencode-ai/plugin","version":"1.18.33"}\n');
  }
  const model = await createScriptedModel({
    replies: [when({ hasTools: false }, reply.text('Refund')), ...replies, otherwise(reply.httpError(500))],
  });
  try {
    const output = await runAgent({
      runtime,
      model,
      prompt: 'Should order 42 be refunded?',
      project: sandbox.project,
      home: sandbox.home,
      cli: join(runtimeBinDir, CLI_NAMES[runtime]),
      args: facts.args ?? [],
      timeoutMs: 180_000,
    });
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

for (const [runtime, facts] of ROWS) {
  describe(`${runtime}: a contract delivered as an MCP submit tool, installed, inside the real agent loop`, () => {
    it('a wrong submit gets the contract correction as the tool result; the right one ends the run', async () => {
      const failure = refund.readToolCalls([{ name: TOOL, input: WRONG, status: 'completed' }]);
      const correction = facts.checksArguments ?? refund.correct(failure.error).split('\n')[0];
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

    // Not run yet: the installed project hook checks only stops that attempt a contract (`--enforce attempted`),
    // and a turn with no call and no written answer is one that never used the skill (seen on Gemini CLI 0.61.0:
    // the hook read the turn's calls, found none, and let "Done." through). Pushing it back is a change of that rule.
    it('an agent that never calls the tool is pushed back by the hook with the instruction to call it', {
      skip: facts.hookReadsCalls
        ? 'the installed hook enforces only stops that attempt a contract (--enforce attempted)'
        : 'its Stop hook sees no tool calls',
    }, async () => {
      const loop = await runInstalled(runtime, facts, [
        when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
        when(
          { lastMessageIncludes: `Call the ${TOOL} tool with arguments` },
          reply.toolCall(facts.tool, RIGHT),
        ),
        when({ turn: 0 }, reply.text('Done.')),
      ]);
      assert.ok(
        loop.requests.some((request) => request.lastMessage.includes(`Call the ${TOOL} tool with arguments`)),
        `pushed back with the instruction\n${loop.why}`,
      );
      assertAnswered(loop);
    });
  });
}
