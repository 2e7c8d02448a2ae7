// Issue #43: the name a runtime gives an MCP server's tool is its adapters reader declaration's fact
// (`mcpToolName`); skill-gen's `install.mcp.toolName` (doctor's offered tools, Claude Code's allow rules) must
// name the same call, or an installed pack's submit would be written one way and read another. Checked through
// the public read path: a run of that runtime whose submit call carries skill-gen's name is read as the answer.
import { extractContract, readAgentRun, type ToolActivity } from '@skillpack/adapters';
import { defineContract } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SKILL_GEN_RUNTIME_LIST } from '../../src/runtimes/registry.js';

const greeting = defineContract({
  id: 'acme.greeting',
  version: '1.0.0',
  title: 'Greeting',
  description: 'A greeting, delivered by calling its submit tool.',
  delivery: 'tool',
  schema: z.strictObject({ greeting: z.string().min(1) }),
  examples: [{ name: 'hello', value: { greeting: 'hello' } }],
});
const WIRED = SKILL_GEN_RUNTIME_LIST.filter((runtime) => runtime.install.mcp !== undefined);

describe('install.mcp’s tool name and the reader’s', () => {
  it('covers every runtime skillpack wires an MCP server for', () => {
    expect(WIRED.map((runtime) => runtime.id).sort()).toEqual(
      ['claude-code', 'codex', 'copilot-cli', 'gemini-cli', 'opencode', 'qwen-code'].sort(),
    );
  });

  it.each(WIRED.map((runtime) => [runtime.id, runtime] as const))(
    '%s: a submit call named as install.mcp names it is the answer the reader reads',
    async (id, runtime) => {
      const empty = await readAgentRun('', { runtime: id });
      for (const key of ['acme', 'acme-pack', 'acme_pack2']) {
        const name = runtime.install.mcp!.toolName(key, greeting.toolName!);
        const call: ToolActivity = {
          id: 'c1',
          name,
          input: { greeting: 'hi' },
          output: 'Accepted.',
          outputTruncated: false,
          outputLength: 9,
          status: 'completed',
          error: undefined,
          subagent: undefined,
          line: 1,
        };
        const run = { ...empty, finish: 'complete' as const, finalText: 'Done.', tools: [call] };
        expect(extractContract(run, greeting), `${id} ${name}`).toMatchObject({ data: { greeting: 'hi' } });
      }
    },
  );
});
