import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { readAgentRun } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import {
  type AdversarialClass,
  secondRun,
  type Variant,
  variantsOf,
} from '../../../adapters/test/_support/adversarial.js';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

/**
 * Issue #38, `skillpack parse` leg: the adversarial classes generated over a sample of the captures (one clean
 * pass per runtime, and one with a tool call where the runtime has one) are runs that did not complete:
 * `parse` exits 1 with `run_not_complete`, with the runtime detected and given, as `readAgentRun` reads them.
 */
const FIXTURES = fileURLToPath(new URL('../../../adapters/test/fixtures/', import.meta.url));

const SAMPLE = [
  ['claude-code', 'claude-code/captured/stream-json-success-verdict.jsonl'],
  ['claude-code', 'claude-code/captured/stream-json-tool-call.jsonl'],
  ['codex', 'codex/captured/exec-json-success-verdict.jsonl'],
  ['codex', 'codex/captured/exec-json-tool-call.jsonl'],
  ['opencode', 'opencode/captured/run-json-success-verdict.ndjson'],
  ['opencode', 'opencode/captured/run-json-tool-call.ndjson'],
  ['gemini-cli', 'gemini-cli/captured/stream-json-success-verdict.jsonl'],
  ['gemini-cli', 'gemini-cli/captured/stream-json-tool-call.jsonl'],
  ['copilot-cli', 'copilot-cli/captured/json-success-verdict.jsonl'],
  ['copilot-cli', 'copilot-cli/captured/json-tool-call.jsonl'],
  ['qwen-code', 'qwen-code/captured/stream-json-success-verdict.jsonl'],
  ['qwen-code', 'qwen-code/captured/stream-json-tool-call.jsonl'],
] as const;

async function parse(args: readonly string[], stdin: Buffer): Promise<{ code: number; error?: string }> {
  let stdout = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: () => undefined,
    stdin: Readable.from([stdin]),
    cwd: FIXTURES,
    env: {},
  };
  const code = await runCli(['parse', '--contract', 'conflux.acceptance', ...args, '-'], io);
  const document = JSON.parse(stdout) as { ok: boolean; error?: { code: string } };
  expect(code === 0, 'exit 0 exactly when the document says ok').toBe(document.ok);
  return { code, ...(document.error ? { error: document.error.code } : {}) };
}

/** The variants of one capture (the small-limit line variants need an option `parse` does not take). */
async function variantsOfCapture(runtime: string, file: string): Promise<Variant[]> {
  const bytes = readFileSync(`${FIXTURES}${file}`);
  const run = await readAgentRun(bytes, { runtime: runtime as never });
  const facts = { runtime: run.runtime as never, sessionId: run.sessionId, finalText: run.finalText };
  const second = secondRun(
    { bytes, name: file },
    { bytes, name: file, sessionId: run.sessionId },
    run.sessionId,
  );
  return [...variantsOf(facts, bytes), ...(second ? [second] : [])].filter(
    (variant) => variant.maxLineBytes === undefined,
  );
}

describe('skillpack parse on the adversarial classes', () => {
  it.each(SAMPLE)('%s %s: exit 1, run_not_complete, as readAgentRun reads it', async (runtime, file) => {
    const misreads: string[] = [];
    for (const variant of await variantsOfCapture(runtime, file)) {
      const kind: AdversarialClass = variant.kind;
      const run = await readAgentRun(variant.bytes, { runtime });
      for (const requested of ['auto', runtime]) {
        const ran = await parse(['--runtime', requested], variant.bytes);
        const where = `${variant.name} (--runtime ${requested}): exit ${ran.code} ${ran.error ?? 'ok'}`;
        // An empty final message is an empty answer: nothing is accepted, complete or not.
        if (kind === 'empty-final') {
          if (ran.code !== 1) misreads.push(where);
          continue;
        }
        if (ran.code !== 1 || ran.error !== 'run_not_complete') misreads.push(where);
        if ((ran.error === 'run_not_complete') !== (run.finish !== 'complete'))
          misreads.push(`${where}, but readAgentRun reads finish ${run.finish}`);
      }
    }
    expect(misreads).toEqual([]);
  });
});
