import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeParseAcceptanceOutput } from '@skillpack/core/conflux';
import { builtinContracts } from '@skillpack/core/contracts';
import type { AgentRun } from '../../src/agent-run.js';
import { handleClaudeCodeStop } from '../../src/claude-code/stop-hook.js';
import { handleCodexStop } from '../../src/codex/stop-hook.js';
import { extractContract } from '../../src/extract-contract.js';
import { handleGeminiCliStop } from '../../src/gemini-cli/stop-hook.js';
import type { BlockCounter } from '../../src/hooks/block-budget.js';
import { checkContracts } from '../../src/hooks/contract-check.js';
import { createOpenCodePlugin } from '../../src/opencode/plugin.js';
import { handleQwenCodeStop } from '../../src/qwen-code/stop-hook.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { createEventLineUnwrapper } from '../../src/unwrap-event-line.js';
import { createFakeOpenCode } from '../opencode/plugin-fake-client.js';

export const acceptance = builtinContracts.require('conflux.acceptance');

/** What a read path accepted: the verdict's kind, or `none` when it accepted nothing. */
export type Accepted = string;

export function acceptedOf(result: { success: boolean; data?: unknown }): Accepted {
  if (!result.success) return 'none';
  const judged = acceptance.judge(result as Parameters<typeof acceptance.judge>[0]);
  return judged.satisfied ? String((judged.value as { acceptance: string }).acceptance) : 'none';
}

/** The two stdout paths of the adapters on one output: the core parser with the unwrapper, and the reader. */
export async function stdoutPaths(
  raw: string | Buffer,
): Promise<{ core: Accepted; extract: Accepted; run: AgentRun }> {
  const run = await readAgentRun(raw);
  const extract = acceptedOf(extractContract(run, acceptance));
  const core = acceptedOf(safeParseAcceptanceOutput(raw, { unwrapLine: createEventLineUnwrapper() }));
  return { core, extract, run };
}

export const noState = (): BlockCounter => ({
  claim: async () => true,
  clear: async () => undefined,
});

/** What the Stop hook accepted from a payload: the kind of the verdict it let through as satisfied, else `none`. */
async function hookAccepted(
  decide: typeof handleClaudeCodeStop,
  payload: Record<string, unknown>,
  message: () => Promise<string | undefined>,
): Promise<Accepted> {
  const { decision } = await decide(payload, { contracts: [acceptance], blockCounter: noState });
  if (decision.kind !== 'allow' || decision.because !== 'satisfied') return 'none';
  const text = await message();
  const check = checkContracts([acceptance], text ?? '');
  return check.satisfied ? String((check.value as { acceptance: string }).acceptance) : 'none';
}

/** The Stop hook given the message on stdin (`last_assistant_message`), as Claude Code and Codex send it. */
export function hookOnMessage(
  runtime: 'claude-code' | 'codex' | 'gemini-cli' | 'qwen-code',
  message: string,
): Promise<Accepted> {
  if (runtime === 'gemini-cli') return geminiHookOnMessage(message);
  const common = {
    session_id: 's-1',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: message,
  };
  if (runtime === 'qwen-code') return hookAccepted(handleQwenCodeStop, common, async () => message);
  return runtime === 'claude-code'
    ? hookAccepted(handleClaudeCodeStop, common, async () => message)
    : hookAccepted(
        handleCodexStop,
        { ...common, turn_id: 't-1', transcript_path: null },
        async () => message,
      );
}

/**
 * The Gemini CLI AfterAgent hook on `message`: Gemini sends no answer in the payload (its `prompt_response` is
 * cumulative; a decoy verdict here), so the message is the last model record of a session transcript.
 */
async function geminiHookOnMessage(message: string): Promise<Accepted> {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-read-paths-'));
  try {
    const path = join(dir, 'session.jsonl');
    const records = [
      { sessionId: 's-1', projectHash: 'h', startTime: 't', kind: 'main' },
      { id: 'u-1', type: 'user', content: [{ text: 'go' }] },
      { id: 'g-1', type: 'gemini', content: message },
    ];
    writeFileSync(path, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
    const payload = {
      session_id: 's-1',
      hook_event_name: 'AfterAgent',
      stop_hook_active: false,
      transcript_path: path,
      prompt_response: `{"acceptance":"pass"}\n${message}`,
    };
    return await hookAccepted(handleGeminiCliStop, payload, async () => message);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The Claude Code Stop hook given only a transcript file holding `raw` (no `last_assistant_message`). */
export async function hookOnTranscript(raw: string | Buffer): Promise<Accepted> {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-read-paths-'));
  try {
    const path = join(dir, 'transcript.jsonl');
    writeFileSync(path, raw);
    return await hookAccepted(
      handleClaudeCodeStop,
      { session_id: 's-1', hook_event_name: 'Stop', stop_hook_active: false, transcript_path: path },
      async () => (await readAgentRun(raw, { runtime: 'claude-code' })).finalText,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The OpenCode plugin on an answer streamed to a clean stop (the in-process stand-in for the server): the
 * kind of the verdict it leaves alone, or `none` when it pushes back (it re-prompts the session).
 */
export async function pluginOnMessage(message: string): Promise<Accepted> {
  const opencode = createFakeOpenCode();
  const hooks = await createOpenCodePlugin({
    contracts: [acceptance.id],
    registry: builtinContracts,
    enforce: 'always',
  })({ client: opencode.client, directory: '/work/project' });
  opencode.subscribe((event) => hooks.event!({ event }));
  opencode.createSession('ses_1');
  opencode.addUser('ses_1', 'Review the change.');
  opencode.addAssistant('ses_1', message);
  await opencode.settle();
  if (opencode.prompts.length > 0) return 'none';
  const check = checkContracts([acceptance], message);
  return check.satisfied ? String((check.value as { acceptance: string }).acceptance) : 'none';
}
