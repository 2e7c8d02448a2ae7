import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createEventLineUnwrapper, extractContract, readAgentRun } from '@skillpack/adapters';
import { safeParseAcceptanceOutput } from '@skillpack/core/conflux';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

/**
 * Issue #26 sweep, `skillpack parse` leg: on every prefix of the captures that hold several turns, a failure
 * after a pass or a clean pass (cut at each line boundary and inside each line), `parse` accepts exactly what
 * `readAgentRun` + `extractContract` and the core parser with `createEventLineUnwrapper` accept.
 */
const FIXTURES = fileURLToPath(new URL('../../../adapters/test/fixtures/', import.meta.url));
const acceptance = builtinContracts.require('conflux.acceptance');

const CAPTURES = [
  'claude-code/captured/stream-json-two-prompts-two-results.jsonl',
  'claude-code/captured/stream-json-pass-then-http-401.jsonl',
  'claude-code/captured/stream-json-success-verdict.jsonl',
  'codex/captured/exec-json-pass-then-turn-failed.jsonl',
  'codex/captured/exec-json-success-verdict.jsonl',
  'opencode/captured/run-json-error-after-stop.ndjson',
  'opencode/captured/run-json-plugin-reprompt.ndjson',
  'opencode/captured/run-json-success-verdict.ndjson',
];

async function parseAccepted(stdin: Buffer): Promise<string> {
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
  const code = await runCli(['parse', '--contract', 'conflux.acceptance', '-'], io);
  const document = JSON.parse(stdout) as { ok: boolean; value?: { acceptance: string } };
  expect(code === 0, 'exit 0 exactly when the document says ok').toBe(document.ok);
  return document.ok ? String(document.value?.acceptance) : 'none';
}

function accepted(result: { success: boolean; data?: unknown }): string {
  const judged = acceptance.judge(result as Parameters<typeof acceptance.judge>[0]);
  return judged.satisfied ? String((judged.value as { acceptance: string }).acceptance) : 'none';
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function cuts(bytes: Buffer): number[] {
  const found = new Set<number>([bytes.length]);
  let start = 0;
  for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a, start)) {
    found.add(end);
    found.add(end + 1);
    if (end - start > 1) found.add(start + Math.floor((end - start) / 2));
    start = end + 1;
  }
  return [...found].sort((a, b) => a - b);
}

describe('skillpack parse agrees with the other read paths on every prefix', () => {
  it.each(CAPTURES)('%s', async (file) => {
    const bytes = readFileSync(`${FIXTURES}${file}`);
    for (const cut of cuts(bytes)) {
      const prefix = bytes.subarray(0, cut);
      const extract = accepted(extractContract(await readAgentRun(prefix), acceptance));
      const core = accepted(safeParseAcceptanceOutput(prefix, { unwrapLine: createEventLineUnwrapper() }));
      const parse = await parseAccepted(prefix);
      expect({ parse, core }, `${file} cut at byte ${cut}`).toEqual({ parse: extract, core: extract });
      // Cut inside a line, the run was killed while writing: never a verdict.
      const tail = prefix
        .subarray(prefix.lastIndexOf(0x0a) + 1)
        .toString('utf8')
        .trim();
      if (tail !== '' && !isJson(tail))
        expect(parse, `${file} cut inside a line at byte ${cut}`).toBe('none');
    }
  });
});
