// Issue #43 (part A): a contract delivered as a tool inside the real Claude Code loop. The pack built from a user's
// contract module ships its MCP submit server; `skillpack install` wires the Stop hook. The server is given to
// Claude Code with `--mcp-config` here: wiring it into each runtime's MCP configuration at install is part B.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { extractContract, readAgentRun } from '@skillpack/adapters';
import { defineContract } from '@skillpack/core';
import { createScriptedModel, otherwise, reply, runAgent, when } from '@skillpack/testing';
import { z } from 'zod';
import { installPack } from './_loops.mjs';
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
const TOOL = 'mcp__skillpack__submit_acme_refund';
const WRONG = { answer: { refund: true, amount: -1 } };
const RIGHT = { answer: { refund: true, amount: 3 } };

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
      name: 'acme-refund',
      version: '1.0.0',
      description: 'Acme refund.',
      author: { name: 'Acme' },
      license: 'MIT',
      targets: ['claude-code'],
      contracts: ['./contracts/refund.ts'],
      hooks: { 'acme.refund': {} },
    }),
  );
  const built = skillpack(['build'], { cwd: dir });
  assert.equal(built.status, 0, `${built.stdout}${built.stderr}`);
  return { config, packs: join(dir, 'dist/skill-packs') };
}

/** One Claude Code run with the pack installed and its server given; what every read path makes of it. */
async function runWithServer(replies) {
  const sandbox = makeSandbox();
  installPack('claude-code', sandbox, pack.packs);
  const server = join(pack.packs, 'claude-code/plugin/mcp/skillpack-mcp.cjs');
  const mcp = JSON.stringify({ mcpServers: { skillpack: { command: 'node', args: [server] } } });
  const model = await createScriptedModel({ replies: [...replies, otherwise(reply.httpError(500))] });
  try {
    const output = await runAgent({
      runtime: 'claude-code',
      model,
      prompt: 'Should order 42 be refunded?',
      project: sandbox.project,
      cli: join(runtimeBinDir, 'claude'),
      args: ['--mcp-config', mcp, '--allowedTools', TOOL],
      timeoutMs: 180_000,
    });
    const requests = output.requests.filter((request) => request.hasTools);
    const run = await readAgentRun(output.stdout, { runtime: 'claude-code' });
    const file = join(makeTempDir('skillpack-mcp-out-'), 'stdout.jsonl');
    writeFileSync(file, output.stdout);
    const parsed = skillpack(['parse', '--contract', 'acme.refund', '--config', pack.config, file]);
    const why = [
      `exit ${output.exitCode}`,
      ...requests.map((request, i) => `  [${i}] ${request.lastMessage.slice(0, 300)}`),
      `stderr: ${output.stderr.slice(-1000)}`,
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
  assert.ok(extracted.success, why);
  assert.deepEqual(extracted.data, RIGHT.answer);
  assert.equal(parsed.status, 0, `skillpack parse: ${parsed.stdout}${parsed.stderr}`);
  assert.deepEqual(JSON.parse(parsed.stdout).value, RIGHT.answer);
}

before(() => {
  ensureRuntimes();
  pack = buildPack();
});
after(removeTempDirs);

describe('claude-code: a contract delivered as an MCP submit tool, inside the real agent loop', () => {
  it('answers a wrong submit with the contract correction as a tool error; the right one ends the run', async () => {
    const loop = await runWithServer([
      when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
      when(
        { lastMessageIncludes: 'does not satisfy the Acme refund decision contract' },
        reply.toolCall(TOOL, RIGHT),
      ),
      when({ turn: 0 }, reply.toolCall(TOOL, WRONG)),
    ]);
    assert.equal(loop.requests.length, 3, loop.why);
    const failure = refund.readToolCalls([{ name: TOOL, input: WRONG, status: 'completed' }]);
    assert.ok(loop.requests[1].lastMessage.startsWith(refund.correct(failure.error)), loop.why);
    assert.deepEqual(
      loop.run.tools.map((tool) => tool.status),
      ['error', 'completed'],
    );
    assert.ok(!loop.requests.some((request) => request.lastMessage.includes('Stop hook feedback')), loop.why);
    assertAnswered(loop);
  });

  it('the Stop hook pushes back an answer written as text with the instruction to call the tool', async () => {
    const loop = await runWithServer([
      when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
      when(
        { lastMessageIncludes: 'delivered only by calling the submit_acme_refund tool' },
        reply.toolCall(TOOL, RIGHT),
      ),
      when({ turn: 0 }, reply.text('Refund it.\n{"refund":true,"amount":3}')),
    ]);
    assert.equal(loop.requests.length, 3, loop.why);
    assert.match(loop.requests[1].lastMessage, /^Stop hook feedback:\n/, loop.why);
    assert.match(loop.requests[1].lastMessage, /Call the submit_acme_refund tool with arguments/, loop.why);
    assertAnswered(loop);
  });

  it('the Stop hook reads the failed submit from the transcript and pushes back a stop without a valid one', async () => {
    const loop = await runWithServer([
      when({ lastMessageIncludes: 'Accepted: your Acme refund decision' }, reply.text('Done.')),
      when({ lastMessageIncludes: 'Stop hook feedback' }, reply.toolCall(TOOL, RIGHT)),
      when(
        { lastMessageIncludes: 'does not satisfy the Acme refund decision contract' },
        reply.text('Done.'),
      ),
      when({ turn: 0 }, reply.toolCall(TOOL, WRONG)),
    ]);
    assert.equal(loop.requests.length, 4, loop.why);
    assert.match(loop.requests[2].lastMessage, /^Stop hook feedback:\n[\s\S]*amount: Too small/, loop.why);
    assertAnswered(loop);
  });
});
