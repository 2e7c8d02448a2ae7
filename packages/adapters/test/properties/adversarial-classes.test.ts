// Issue #38: every adversarial class found so far, generated over every fixture of every runtime. Each variant
// is a run that did not complete: no read path may read it as complete, and every path says so alike.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { safeParseAcceptanceOutput } from '@skillpack/core/conflux';
import { safeParseResultBlock } from '@skillpack/core/maestro';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentRun } from '../../src/agent-run.js';
import { extractContract } from '../../src/extract-contract.js';
import { readAgentRun } from '../../src/read-agent-run.js';
import { RUN_NOT_COMPLETE } from '../../src/run-completion.js';
import { RUNTIME_IDS, type RuntimeId } from '../../src/runtime-id.js';
import { createEventLineUnwrapper } from '../../src/unwrap-event-line.js';
import {
  ADVERSARIAL_CLASSES,
  type AdversarialClass,
  eventLines,
  hugeLineAtEachPosition,
  paddedLine,
  secondRun,
  smallLineLimit,
  type Variant,
  variantsOf,
} from '../_support/adversarial.js';
import { acceptance, acceptedOf, hookOnMessage } from '../_support/read-paths.js';

const MiB = 1024 * 1024;

/** Every line-oriented run output of a runtime: its captures and the constructed stream files beside them. */
function fixturesOf(runtime: RuntimeId): { file: string; bytes: Buffer }[] {
  const dir = new URL(`../fixtures/${runtime}/`, import.meta.url);
  const isStream = (file: string) =>
    (file.endsWith('.jsonl') || file.endsWith('.ndjson')) && !file.startsWith('transcript-');
  const files = [
    ...readdirSync(new URL('captured/', dir))
      .filter(isStream)
      .map((file) => `captured/${file}`),
    ...readdirSync(dir).filter(isStream),
  ];
  return files.map((file) => ({ file, bytes: readFileSync(new URL(file, dir)) }));
}

interface Fixture {
  readonly runtime: RuntimeId;
  readonly file: string;
  readonly bytes: Buffer;
  readonly run: AgentRun;
}

const FIXTURES: Fixture[] = [];
for (const runtime of RUNTIME_IDS) {
  for (const { file, bytes } of fixturesOf(runtime)) {
    FIXTURES.push({ runtime, file, bytes, run: await readAgentRun(bytes, { runtime }) });
  }
}

/** The Stop hook that judges `runtime`'s final message, as in the read-paths sweep. */
const HOOK_OF: Readonly<Record<RuntimeId, 'claude-code' | 'codex' | 'gemini-cli' | 'qwen-code'>> = {
  'claude-code': 'claude-code',
  codex: 'codex',
  opencode: 'claude-code',
  'gemini-cli': 'gemini-cli',
  'copilot-cli': 'claude-code',
  'qwen-code': 'qwen-code',
  // Pi enforces through its extension; the final message is judged by the Claude hook.
  pi: 'claude-code',
};

const maestroResult = (raw: Buffer) =>
  safeParseResultBlock(raw.toString('utf8'), { unwrapLine: createEventLineUnwrapper() });

/** What a path answered: `not complete`, or what a path that read the run as complete made of it. */
type Answer = 'not complete' | 'complete' | `accepted ${string}` | `read ${string}`;

const PATHS = [
  'readAgentRun detected',
  'readAgentRun given',
  'extractContract',
  'conflux core + unwrapper',
  'maestro core + unwrapper',
  'Stop hook on the final message',
] as const;
type PathName = (typeof PATHS)[number];

function resultAnswer(result: { success: boolean; error?: { code: string } }, accepted: string): Answer {
  if (result.success) return accepted === 'none' ? 'read fallback' : `accepted ${accepted}`;
  return result.error?.code === RUN_NOT_COMPLETE ? 'not complete' : `read ${result.error?.code}`;
}

const runAnswer = (run: AgentRun): Answer => (run.finish === 'complete' ? 'complete' : 'not complete');

/** Every path's answer on one output; the hook judges the final message only of a run read as complete. */
async function answersOn(runtime: RuntimeId, raw: Buffer): Promise<Record<PathName, Answer>> {
  const detected = await readAgentRun(raw);
  const given = await readAgentRun(raw, { runtime });
  const extracted = extractContract(detected, acceptance);
  const conflux = safeParseAcceptanceOutput(raw, { unwrapLine: createEventLineUnwrapper() });
  const maestro = maestroResult(raw);
  const maestroAccepted = maestro.success && maestro.data.fallback !== true ? maestro.data.STATUS : 'none';
  let hook: Answer = 'not complete';
  if (detected.finish === 'complete') {
    const verdict = await hookOnMessage(HOOK_OF[runtime], detected.finalText ?? '');
    hook = verdict === 'none' ? 'read none' : `accepted ${verdict}`;
  }
  return {
    'readAgentRun detected': runAnswer(detected),
    'readAgentRun given': runAnswer(given),
    extractContract: resultAnswer(extracted, acceptedOf(extracted)),
    'conflux core + unwrapper': resultAnswer(conflux, acceptedOf(conflux)),
    'maestro core + unwrapper': resultAnswer(maestro, maestroAccepted),
    'Stop hook on the final message': hook,
  };
}

/** Misreads per path, with the first few variants that showed each. */
type Misreads = Partial<Record<PathName, { count: number; examples: string[] }>>;

function record(misreads: Misreads, path: PathName, where: string): void {
  misreads[path] ??= { count: 0, examples: [] };
  const entry = misreads[path];
  entry.count++;
  if (entry.examples.length < 3) entry.examples.push(where);
}

/**
 * An empty final message is an empty answer: no path accepts, and a complete run's final text is `''` (see
 * `checkVariants`); every other class: no path reads a complete run.
 */
function misread(kind: AdversarialClass, answer: Answer): boolean {
  if (kind === 'empty-final') return answer.startsWith('accepted');
  return answer !== 'not complete' && answer !== 'read none';
}

/** Where `ADVERSARIAL_REPORT` names a file, each test appends its misread counts to it (for the issue). */
function report(name: string, variants: number, misreads: Misreads): void {
  const file = process.env.ADVERSARIAL_REPORT;
  if (!file) return;
  const counts = Object.fromEntries(Object.entries(misreads).map(([path, entry]) => [path, entry?.count]));
  appendFileSync(file, `${JSON.stringify({ name, variants, counts })}\n`);
}

async function checkVariants(runtime: RuntimeId, kind: AdversarialClass, variants: readonly Variant[]) {
  const misreads: Misreads = {};
  for (const variant of variants) {
    const answers = await answersOn(runtime, variant.bytes);
    for (const path of PATHS) {
      if (path === 'Stop hook on the final message' && answers[path] === 'read none') continue;
      if (misread(kind, answers[path])) record(misreads, path, `${variant.name} → ${answers[path]}`);
    }
    if (kind === 'empty-final' && answers['readAgentRun given'] === 'complete') {
      // An empty final message is an empty answer: neither no answer nor earlier narration.
      const { finalText } = await readAgentRun(variant.bytes, { runtime });
      if (finalText !== '')
        record(misreads, 'readAgentRun given', `${variant.name} → final text ${finalText}`);
    }
  }
  report(`${kind} ${runtime}`, variants.length, misreads);
  expect(misreads, `${variants.length} variants`).toEqual({});
}

const ofRuntime = (runtime: RuntimeId) => FIXTURES.filter((fixture) => fixture.runtime === runtime);

/** The variants of one class over every fixture of one runtime, named by fixture. */
function classVariants(runtime: RuntimeId, kind: AdversarialClass): Variant[] {
  return ofRuntime(runtime).flatMap(({ file, bytes, run }) =>
    variantsOf({ runtime, sessionId: run.sessionId, finalText: run.finalText }, bytes)
      .filter((variant) => variant.kind === kind && variant.maxLineBytes === undefined)
      .map((variant) => ({ ...variant, name: `${file}: ${variant.name}` })),
  );
}

const SINGLE_CLASSES = ADVERSARIAL_CLASSES.filter((kind) => kind !== 'huge-line' && kind !== 'second-run');

describe.each(RUNTIME_IDS)('%s', (runtime) => {
  // A class that cannot apply to any fixture of the runtime (Codex and Gemini CLI name no session on their
  // terminal line, so there is no session to switch there) is skipped, not passed.
  for (const kind of SINGLE_CLASSES) {
    const variants = classVariants(runtime, kind);
    it.skipIf(variants.length === 0)(`${kind}: every path reads not complete`, async () => {
      await checkVariants(runtime, kind, variants);
    });
  }

  it('second-run: two captures back to back under two sessions read not complete', async () => {
    const mine = ofRuntime(runtime).filter((fixture) => fixture.bytes.length > 0);
    const variants = mine.flatMap((first, index) =>
      [first, mine[(index + 1) % mine.length]!].flatMap((second) => {
        const variant = secondRun(
          { bytes: first.bytes, name: first.file },
          { bytes: second.bytes, name: second.file, sessionId: second.run.sessionId },
          first.run.sessionId,
        );
        return variant ? [variant] : [];
      }),
    );
    await checkVariants(runtime, 'second-run', variants);
  });

  it('a line over maxLineBytes anywhere (readAgentRun with a small limit) fails the run closed', async () => {
    const misreads: Misreads = {};
    let variants = 0;
    for (const { file, bytes, run } of ofRuntime(runtime)) {
      const limit = smallLineLimit(bytes);
      const after = variantsOf({ runtime, sessionId: run.sessionId, finalText: run.finalText }, bytes).filter(
        (variant) => variant.maxLineBytes !== undefined,
      );
      for (const variant of [...after, ...hugeLineAtEachPosition(bytes, limit, limit + 1024)]) {
        variants++;
        const options = { maxLineBytes: variant.maxLineBytes ?? limit };
        const where = `${file}: ${variant.name}`;
        const detected = await readAgentRun(variant.bytes, options);
        const given = await readAgentRun(variant.bytes, { ...options, runtime });
        if (detected.finish === 'complete') record(misreads, 'readAgentRun detected', where);
        if (given.finish === 'complete') record(misreads, 'readAgentRun given', where);
        else if (run.finish === 'complete' && given.error?.code !== 'line_too_long')
          record(misreads, 'readAgentRun given', `${where} → ${given.error?.code} (expected line_too_long)`);
      }
    }
    report(`huge-line (small limit) ${runtime}`, variants, misreads);
    expect(misreads).toEqual({});
  });

  it('a real line over 16 MiB, after the terminal event and before it, reads not complete on every path', async () => {
    const base = ofRuntime(runtime).find((fixture) => fixture.file.includes('success-verdict'));
    expect(base, `a success-verdict capture of ${runtime}`).toBeDefined();
    const lines = eventLines(base!.bytes);
    const huge = paddedLine(16 * MiB + 1024);
    const joined = (parts: string[]) => Buffer.from(`${parts.join('\n')}\n`);
    await checkVariants(runtime, 'huge-line', [
      { kind: 'huge-line', name: `${base!.file}: a 16 MiB line at the end`, bytes: joined([...lines, huge]) },
      {
        kind: 'huge-line',
        name: `${base!.file}: a 16 MiB line before the last`,
        bytes: joined([...lines.slice(0, -1), huge, ...lines.slice(-1)]),
      },
    ]);
  });
});

/** Byte offsets just after each `\n`, and the end. */
function lineCuts(bytes: Buffer): number[] {
  const cuts = [bytes.length];
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) cuts.push(i + 1);
  return cuts;
}

describe('every prefix of the variants', () => {
  const pool = RUNTIME_IDS.flatMap((runtime) =>
    SINGLE_CLASSES.flatMap((kind) => classVariants(runtime, kind).map((variant) => ({ runtime, variant }))),
  );

  it('every path says alike whether the run completed, and accepts alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: pool.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (index, at) => {
          const { runtime, variant } = pool[index]!;
          const cuts = lineCuts(variant.bytes);
          const cut = cuts[Math.floor(at * cuts.length) % cuts.length]!;
          const answers = await answersOn(runtime, variant.bytes.subarray(0, cut));
          const complete = (answer: Answer) => answer !== 'not complete';
          const where = `${runtime} ${variant.name} cut at byte ${cut}`;
          expect(complete(answers['readAgentRun given']), `${where}: given vs detected`).toBe(
            complete(answers['readAgentRun detected']),
          );
          for (const path of [
            'extractContract',
            'conflux core + unwrapper',
            'maestro core + unwrapper',
          ] as const)
            expect(complete(answers[path]), `${where}: ${path} vs readAgentRun`).toBe(
              complete(answers['readAgentRun detected']),
            );
          const accepted = (answer: Answer) => (answer.startsWith('accepted') ? answer : 'none');
          expect(accepted(answers['conflux core + unwrapper']), `${where}: core vs extract`).toBe(
            accepted(answers.extractContract),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
