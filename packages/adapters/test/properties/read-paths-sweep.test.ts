// Issue #26 sweep: every read path gives the same answer on every prefix of every capture of the real CLIs,
// cut at each line boundary and at random byte offsets, and on several runs in one stdout.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RUNTIME_IDS, type RuntimeId } from '../../src/runtime-id.js';
import { ADAPTER_RUNTIMES } from '../../src/runtimes.js';
import { type Accepted, hookOnMessage, pluginOnMessage, stdoutPaths } from '../_support/read-paths.js';

const captured = (runtime: RuntimeId) => new URL(`../fixtures/${runtime}/captured/`, import.meta.url);

/** Every JSON capture (plain-text `.txt` captures have no events to cut). */
const CAPTURES = RUNTIME_IDS.flatMap((runtime) =>
  readdirSync(captured(runtime))
    .filter((file) => file !== 'SOURCES.md' && !file.endsWith('.txt'))
    .map((file) => ({ runtime, file, bytes: readFileSync(new URL(file, captured(runtime))) })),
);

/** The Stop hook that judges `runtime`'s final message (OpenCode has none; its plugin is checked as well). */
const HOOK_OF: Readonly<Record<RuntimeId, 'claude-code' | 'codex' | 'gemini-cli' | 'qwen-code'>> = {
  'claude-code': 'claude-code',
  codex: 'codex',
  opencode: 'claude-code',
  'gemini-cli': 'gemini-cli',
  // Copilot's hook reads its answer from the transcript; the final message is judged by the Claude hook.
  'copilot-cli': 'claude-code',
  'qwen-code': 'qwen-code',
  // Pi enforces through its extension; the final message is judged by the Claude hook.
  pi: 'claude-code',
};

/** Byte offsets just after each `\n` (with and without it), and the end. */
function lineCuts(bytes: Buffer): number[] {
  const cuts = new Set<number>([0, bytes.length]);
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) {
    cuts.add(i);
    cuts.add(i + 1);
  }
  return [...cuts].sort((a, b) => a - b);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

interface Answers {
  readonly core: Accepted;
  readonly extract: Accepted;
  readonly hook?: Accepted;
  readonly plugin?: Accepted;
}

/** Every path's answer on one output; the hook only where the run completed (it judges a final message). */
async function answersOn(runtime: RuntimeId, raw: Buffer): Promise<{ answers: Answers; complete: boolean }> {
  const { core, extract, run } = await stdoutPaths(raw);
  const complete = run.finish === 'complete';
  if (extract !== 'none') expect(complete, 'a verdict only from a run that completed').toBe(true);
  if (!complete) return { answers: { core, extract }, complete };
  const hook = await hookOnMessage(HOOK_OF[runtime], run.finalText ?? '');
  if (runtime !== 'opencode') return { answers: { core, extract, hook }, complete };
  const plugin = await pluginOnMessage(run.finalText ?? '');
  return { answers: { core, extract, hook, plugin }, complete };
}

function expectAgreement(answers: Answers, where: string): void {
  expect(answers.core, `${where}: core parser + unwrapper vs readAgentRun + extractContract`).toBe(
    answers.extract,
  );
  if (answers.plugin !== undefined)
    expect(answers.plugin, `${where}: OpenCode plugin on the final message`).toBe(answers.extract);
  if (answers.hook !== undefined)
    expect(answers.hook, `${where}: Stop hook on the final message`).toBe(answers.extract);
}

/** The middle of each line: a run killed while writing it. */
function midLineCuts(bytes: Buffer): number[] {
  const cuts: number[] = [];
  let start = 0;
  for (let end = bytes.indexOf(0x0a); start < bytes.length; end = bytes.indexOf(0x0a, start)) {
    const stop = end === -1 ? bytes.length : end;
    if (stop - start > 1) cuts.push(start + Math.floor((stop - start) / 2));
    start = stop + 1;
  }
  return cuts;
}

describe('every prefix of every capture, cut at each line boundary and inside each line', () => {
  it.each(CAPTURES.map((entry) => [`${entry.runtime}/${entry.file}`, entry] as const))(
    '%s',
    async (_name, { runtime, bytes }) => {
      const seen = new Set<string>();
      for (const cut of lineCuts(bytes)) {
        const { answers } = await answersOn(runtime, bytes.subarray(0, cut));
        expectAgreement(answers, `cut at byte ${cut}`);
        seen.add(answers.extract);
      }
      // The whole capture's answer is among them: the sweep reads what the full run reads.
      const whole = await answersOn(runtime, bytes);
      expect(seen).toContain(whole.answers.extract);
      for (const cut of midLineCuts(bytes)) {
        const { answers, complete } = await answersOn(runtime, bytes.subarray(0, cut));
        expectAgreement(answers, `cut inside a line at byte ${cut}`);
        expect(complete, `cut inside a line at byte ${cut}`).toBe(false);
      }
    },
  );
});

describe('prefixes cut at random byte offsets', () => {
  it('agree on every path, and a cut inside a line never completes a run', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CAPTURES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async ({ runtime, file, bytes }, at) => {
          const cut = Math.floor(at * bytes.length);
          const prefix = bytes.subarray(0, cut);
          const { answers, complete } = await answersOn(runtime, prefix);
          expectAgreement(answers, `${file} cut at byte ${cut}`);
          // A prefix that ends inside a line ends in a partial event: never a complete run.
          const tail = prefix
            .subarray(prefix.lastIndexOf(0x0a) + 1)
            .toString('utf8')
            .trim();
          if (tail !== '' && !isJson(tail)) expect(complete, `${file} cut at byte ${cut}`).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/**
 * OpenCode's several turns are one session's (`opencode run` prints only its own session; another session's
 * lines read as a child's), so the second run is written as the first one's session going on.
 */
function oneSession(runtime: RuntimeId, first: Buffer, second: Buffer): Buffer {
  if (runtime !== 'opencode') return second;
  const session = (bytes: Buffer) => /"sessionID":"([^"]+)"/.exec(bytes.toString('utf8'))?.[1];
  const [from, to] = [session(second), session(first)];
  return from && to ? Buffer.from(second.toString('utf8').replaceAll(from, to)) : second;
}

describe('several runs in one stdout', () => {
  it('two captures of one runtime back to back: no path accepts (one read is one run), but a session going on where every prompt starts a run (its last answer)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...RUNTIME_IDS), fc.nat(), fc.nat(), async (runtime, a, b) => {
        // An empty stdout (Gemini CLI's exit 55 in an untrusted folder) appended is no second run.
        const mine = CAPTURES.filter((entry) => entry.runtime === runtime && entry.bytes.length > 0);
        const first = mine[a % mine.length]!;
        const { file, bytes } = mine[b % mine.length]!;
        const second = oneSession(runtime, first.bytes, bytes);
        const joined = Buffer.concat([first.bytes, Buffer.from('\n'), second]);
        const { answers } = await answersOn(runtime, joined);
        expectAgreement(answers, `${first.file} then ${file}`);
        // Where every prompt of a session starts with the run's opening event (Claude Code, OpenCode), the second
        // run goes on in the first one's session: its answer, never the first's, counts.
        const alone = await answersOn(runtime, second);
        if (ADAPTER_RUNTIMES[runtime].events.start?.perTurn !== true)
          expect(answers.extract, `${first.file} then ${file}`).toBe('none');
        else if (answers.extract !== 'none')
          expect(answers.extract, `${first.file} then ${file}`).toBe(alone.answers.extract);
      }),
      { numRuns: 60 },
    );
  });
});
