import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { defineContract } from '@skillpack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MCP_SERVER_FILE, mcpServerCommand } from '../../src/mcp/mcp-server-plan.js';
import { buildPack } from '../../src/runtimes/runtime-pack.js';

/** A pack whose skill speaks a contract delivered as a tool: the build ships its MCP submit server. */
const dir = mkdtempSync(join(tmpdir(), 'skillpack-mcp-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SPEC = `{
  id: 'acme.refund',
  version: '1.0.0',
  title: 'Acme refund decision',
  description: 'Whether the order is refunded.',
  delivery: 'tool',
  schema: z.discriminatedUnion('refund', [
    z.strictObject({ refund: z.literal(true), amount: z.number().positive() }),
    z.strictObject({ refund: z.literal(false), reason: z.string().min(1), note: z.string().optional() }),
  ]),
  examples: [
    { name: 'refund', value: { refund: true, amount: 12.5 } },
    { name: 'decline', value: { refund: false, reason: 'Out of warranty.' } },
  ],
}`;
/** The same contract as the module the pack builds from, to compare the server's answers with. */
const refund = defineContract(
  new Function('z', `return ${SPEC};`)(z) as Parameters<typeof defineContract>[0],
);

function project(root: string): void {
  mkdirSync(join(root, 'contracts'), { recursive: true });
  mkdirSync(join(root, 'skills', 'refund'), { recursive: true });
  writeFileSync(
    join(root, 'contracts', 'refund.ts'),
    `import { defineContract } from '@skillpack/core';\nimport { z } from 'zod';\n\nexport const refund = defineContract(${SPEC});\n`,
  );
  writeFileSync(
    join(root, 'skills', 'refund', 'skill.md'),
    '---\nname: refund\ndescription: Decide a refund and submit the decision. Use when asked about a refund.\ncontracts: [acme.refund]\n---\n\nDecide the refund.\n\n{{> contract-output contract="acme.refund"}}\n',
  );
  writeFileSync(
    join(root, 'skillpack.config.json'),
    JSON.stringify({
      name: 'acme-refund',
      version: '1.0.0',
      description: 'Acme refund skills.',
      author: { name: 'Acme' },
      license: 'MIT',
      contracts: ['./contracts/refund.ts'],
    }),
  );
}

const out = join(dir, 'dist', 'skill-packs');
const SERVERS = [
  'claude-code/plugin',
  'codex/plugin',
  'gemini-cli/extension',
  'copilot-cli/plugin',
  'qwen-code',
  'opencode',
].map((root) => `${root}/${MCP_SERVER_FILE}`);

let warnings: readonly { code: string; message: string }[] = [];
beforeAll(async () => {
  project(dir);
  ({ warnings } = await buildPack({ cwd: dir, typeReferences: { prefer: 'sources' } }));
}, 180_000);

async function connect(file: string, dialect: 'standard' | 'openai' = 'standard') {
  const [command, ...args] = mcpServerCommand(join(out, file), dialect);
  const client = new Client({ name: 'skillpack-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: command!,
      args,
      cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    }),
  );
  return client;
}

type Text = { content: { type: string; text: string }[]; isError?: boolean };

describe('the pack MCP submit server', { timeout: 60_000 }, () => {
  it('lands in every MCP runtime target, one self-contained file, and not in Pi', () => {
    const bytes = SERVERS.map((file) => readFileSync(join(out, file)));
    for (const other of bytes.slice(1)) expect(other.equals(bytes[0]!)).toBe(true);
    expect(bytes[0]!.toString('utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(existsSync(join(out, 'pi/.pi', MCP_SERVER_FILE))).toBe(false);
    expect(existsSync(join(out, 'pi', MCP_SERVER_FILE))).toBe(false);
  });

  it('warns that the Pi target, which has no MCP client, cannot call the submit tool its skills ask for', () => {
    const serverless = warnings.filter((warning) => warning.code === 'tool_contract_without_server');
    expect(serverless.map((warning) => warning.message)).toEqual([
      expect.stringMatching(
        /^Pi has no MCP client, so its pack carries no submit server: its agents cannot call submit_acme_refund/,
      ),
    ]);
  });

  it('tells the agent in SKILL.md to call the tool with the exact arguments, not to write the answer', () => {
    const skill = readFileSync(join(out, 'claude-code/.claude/skills/refund/SKILL.md'), 'utf8');
    expect(skill).toContain('by calling the `submit_acme_refund` tool');
    expect(skill).toContain('do not write it in your message, only the tool call counts');
    expect(skill).toContain('Each example is the exact arguments of one `submit_acme_refund` call');
    expect(skill).toContain('{"answer":{"refund":true,"amount":12.5}}');
    expect(skill).not.toContain('End your final message with');
  });

  it('lists one submit tool whose union answer is wrapped in an object', async () => {
    const client = await connect(SERVERS[0]!);
    try {
      expect(client.getServerVersion()?.name).toBe('skillpack');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['submit_acme_refund']);
      expect(tools[0]!.inputSchema).toMatchObject({ type: 'object', required: ['answer'] });
    } finally {
      await client.close();
    }
  });

  it('answers a wrong value with the contract correction as a tool error, and accepts a right one', async () => {
    const client = await connect(SERVERS[1]!);
    try {
      const wrongArgs = { answer: { refund: false, reason: '' } };
      const wrong = (await client.callTool({ name: 'submit_acme_refund', arguments: wrongArgs })) as Text;
      const failure = refund.readToolCalls!([
        { name: 'submit_acme_refund', input: wrongArgs, status: 'completed' },
      ])!;
      if (failure.success) throw new Error('expected the wrong value to fail');
      expect(wrong.isError).toBe(true);
      expect(wrong.content).toEqual([{ type: 'text', text: refund.correct(failure.error) }]);
      expect(wrong.content[0]!.text).toContain('Call the submit_acme_refund tool with arguments');

      const right = (await client.callTool({
        name: 'submit_acme_refund',
        arguments: { answer: { refund: true, amount: 3 } },
      })) as Text;
      expect(right.isError).not.toBe(true);
      expect(right.content[0]!.text).toMatch(/^Accepted: your Acme refund decision answer is recorded\./);
    } finally {
      await client.close();
    }
  });

  it('with --schema openai lists the strict schema and accepts the nulls strict mode adds', async () => {
    const client = await connect(SERVERS[1]!, 'openai');
    try {
      const { tools } = await client.listTools();
      expect(JSON.stringify(tools[0]!.inputSchema)).not.toContain('oneOf');
      const right = (await client.callTool({
        name: 'submit_acme_refund',
        arguments: { answer: { refund: false, reason: 'Used.', note: null } },
      })) as Text;
      expect(right.isError, right.content[0]!.text).not.toBe(true);
    } finally {
      await client.close();
    }
  });

  it.each([[['--schema']], [['--schema', 'strict']], [['--bogus']]])(
    'exits 2 with a usage line on stderr for the arguments %j',
    (args) => {
      const run = spawnSync('node', [join(out, SERVERS[0]!), ...args], { encoding: 'utf8', input: '' });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('usage: node skillpack-mcp.cjs [--schema standard|openai]');
    },
  );

  it('answers a call of a tool it does not have as a tool error naming its tools', async () => {
    const client = await connect(SERVERS[0]!);
    try {
      const answer = (await client.callTool({ name: 'submit_other', arguments: {} })) as Text;
      expect(answer.isError).toBe(true);
      expect(answer.content[0]!.text).toContain('this server has submit_acme_refund');
    } finally {
      await client.close();
    }
  });
});
