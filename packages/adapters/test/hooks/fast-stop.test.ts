// A pack hook's fast path against the whole hook: on every stop it decides (a satisfied stop, proved by the
// validators a build generates from the payload and contract schemas; a stop whose message attempts none of the
// contracts, worded from what the build derived), the whole hook prints the same bytes and leaves the same block
// counter; on every other stop it decides nothing and the whole hook answers. Real and mutated Claude Code and
// Codex payloads, messages built from the contracts' examples and mutated, several contracts per hook, every
// budget and enforce mode, chains of repeated stops and counters other hook processes of the chain took from;
// the built-ins with a zod-free read of their own (`plainRead`: maestro's blocks, Conflux's verdict with
// predicates generated from its kinds' schemas) beside contracts read by their schema.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type AnyContract, createContractRegistry, defineContract } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FastStopTablesSource, fastStopTablesSource } from '../../src/bundler/fast-stop-tables.js';
import { blockChainKey } from '../../src/hooks/block-budget.js';
import { decideFastStop, type FastStopTables } from '../../src/hooks/fast-stop.js';
import { HOOK_DEFAULTS, type HookArgs } from '../../src/hooks/hook-args.js';
import type { StopHookDialect } from '../../src/hooks/stop-hook-dialect.js';
import { runHookProcess } from '../../src/run-hook.js';
import type { RuntimeId } from '../../src/runtime-id.js';
import { STOP_HOOK_DIALECTS } from '../../src/stop-hook-dialects.js';
import { STOP_HOOK_HOSTS } from '../../src/stop-hook-hosts.js';
import { mutated, runs } from '../properties/_support/core-support.js';
import { fallbackContract, greetingContract, unionContract, verdictContract } from './_contracts.js';
import { CODEX_STOP, readSampleJson } from './_samples.js';

const refinedContract = defineContract({
  id: 'test.refined',
  version: '1.0.0',
  title: 'Refined',
  description: 'A refinement: only zod runs it.',
  delivery: 'text',
  schema: z.strictObject({ from: z.number(), to: z.number() }).refine((value) => value.from <= value.to),
  examples: [{ name: 'range', value: { from: 1, to: 2 } }],
});

const CONTRACTS: readonly AnyContract[] = [
  greetingContract,
  verdictContract,
  unionContract,
  refinedContract,
  fallbackContract,
  builtinContracts.get('maestro.result')!,
  builtinContracts.get('maestro.verdict')!,
  builtinContracts.get('conflux.acceptance')!,
];
const REGISTRY = createContractRegistry(CONTRACTS);

/** The tables as a pack's bundle evaluates them: the source, with the imports it names bound. */
async function tablesOf({ source, imports }: FastStopTablesSource): Promise<FastStopTables> {
  const values = await Promise.all(
    imports.map(async ({ module, name }) => ((await import(module)) as Record<string, unknown>)[name]),
  );
  return new Function(...imports.map(({ local }) => local), `return ${source};`)(...values) as FastStopTables;
}

const GENERATED = await fastStopTablesSource(CONTRACTS);
const TABLES = await tablesOf(GENERATED);

const CLAUDE_STOP = { ...readSampleJson('claude', 'hook-stop-input.json'), stop_hook_active: false };
/**
 * Conflux's `gated` kind reads `blocked` through a transform the generator does not compile: it has no
 * predicate, so the fast path leaves those verdicts to the whole hook.
 */
function unprovedKind(id: string, value: unknown): boolean {
  const kind = (value as { acceptance?: unknown }).acceptance;
  return id === 'conflux.acceptance' && kind === 'gated';
}
const MESSAGES = CONTRACTS.flatMap((contract) =>
  contract.examples.map((example) => ({
    id: contract.id,
    unproved: unprovedKind(contract.id, example.value),
    text: `Done.\n${contract.render(example.value)}`,
  })),
);
/** Stops as runtimes send them, with each message; their text is what the mutations start from. */
const STOPS = (['claude-code', 'codex'] as const).flatMap((runtime) =>
  MESSAGES.map((message) => ({
    runtime,
    id: message.id,
    unproved: message.unproved,
    text: JSON.stringify({
      ...(runtime === 'codex' ? CODEX_STOP : CLAUDE_STOP),
      last_assistant_message: message.text,
    }),
  })),
);
const TOKENS = [
  '"stop_hook_active":true',
  '"stop_hook_active":"false"',
  '"hook_event_name":"SubagentStop"',
  '"hook_event_name":"Notification"',
  '"last_assistant_message":null',
  '"turn_id":7',
  '"__proto__":{"polluted":true}',
  '"timestamp":"2026-01-01T00:00:00Z"',
  '{\\"greeting\\":\\"\\"}',
  '{\\"verdict\\":\\"pass\\",\\"x\\":1}',
  '{\\"from\\":3,\\"to\\":1}',
  '{\\"status\\":\\"later\\"}',
  '"status":"done"',
  '---RESULT---',
  '---VERDICT---',
  '---END---',
  '\\nSTATUS: BLOCKED',
  'STATUS: NEEDS_CONTEXT',
  '\\n```',
  '\\nACCEPTANCE: PASS',
  '\\nACCEPTANCE: GATED',
  '{\\"acceptance\\":\\"pass\\"}',
  '{\\"acceptance\\":\\"continue\\",\\"source\\":\\"legacy\\"}',
  '\\"extra\\":1,',
  '\\"source\\":\\"x\\",',
  '\\n',
  ',',
  '}',
];

function argsOf(
  runtime: RuntimeId,
  contractIds: readonly string[],
  budget: Partial<Pick<HookArgs, 'maxBlocks' | 'enforce'>> = {},
): HookArgs {
  return { ...HOOK_DEFAULTS, runtime, contractIds, enforce: 'always', ...budget };
}

const STATE_ROOT = mkdtempSync(join(tmpdir(), 'skillpack-fast-stop-'));
afterAll(() => rmSync(STATE_ROOT, { recursive: true, force: true }));
let stateDirs = 0;

/** A fresh private state folder, as the hook makes its own. */
function stateDir(): string {
  const dir = join(STATE_ROOT, String(stateDirs++));
  mkdirSync(dir, { mode: 0o700 });
  return dir;
}

/** The names in a state folder, sorted: the block counter's whole state. */
const stateOf = (dir: string) => readdirSync(dir).sort();

/** What a hook printed, its state folder named alike (a message about the counter names its file). */
const printed = ({ stdout, stderr }: { stdout: string; stderr: string }, dir: string) => ({
  stdout: stdout.replaceAll(dir, '<state>'),
  stderr: stderr.replaceAll(dir, '<state>'),
});

/** The whole hook's answer to `input` with the block counter in `dir`: what it prints, on both streams. */
async function whole(args: HookArgs, input: string, env: NodeJS.ProcessEnv, dir: string) {
  const argv = [
    args.runtime,
    ...args.contractIds.flatMap((id) => ['--contract', id]),
    '--max-blocks',
    String(args.maxBlocks),
    '--enforce',
    args.enforce,
  ];
  const io = { stdin: Readable.from([input]), env: { ...env, SKILLPACK_HOOK_STATE_DIR: dir } };
  return printed(await runHookProcess(argv, io, REGISTRY), dir);
}

/** The fast path's answer to `input` with the block counter in `dir`, `undefined` when it leaves the stop. */
async function fast(args: HookArgs, input: string, env: NodeJS.ProcessEnv, dir: string) {
  const env_ = { ...env, SKILLPACK_HOOK_STATE_DIR: dir };
  // stdin is bytes: the program decodes them as the whole hook does (a lone surrogate is U+FFFD to both).
  const text = new TextDecoder('utf-8').decode(Buffer.from(input));
  const decided = await decideFastStop(TABLES, STOP_HOOK_HOSTS, args, env_, text);
  return decided && printed(decided, dir);
}

/**
 * Blocks of `input`'s chain that other hook processes took (files of the counter), or an obstacle where one
 * would go (a folder: state that cannot be trusted), written alike into each of `dirs`.
 */
function seedCounter(
  dirs: readonly string[],
  args: HookArgs,
  input: string,
  seed: { readonly taken: readonly number[]; readonly obstacle: boolean },
) {
  const dialect: StopHookDialect | undefined = STOP_HOOK_DIALECTS[args.runtime];
  let payload: unknown;
  try {
    payload = JSON.parse(input);
  } catch {
    return;
  }
  const event = dialect?.input.parseInput(payload);
  if (!event?.success) return;
  const key = blockChainKey(event.data, [...new Set(args.contractIds)]);
  for (const dir of dirs) {
    for (const block of seed.taken) writeFileSync(join(dir, `${key}.${block}.block`), '', { mode: 0o600 });
    if (seed.obstacle) mkdirSync(join(dir, `${key}.${Math.max(0, ...seed.taken) + 1}.block`));
  }
}

/** Messages that attempt none of the contracts, or barely: prose, fragments of markers and JSON. */
const PROSE = [
  'I reviewed the change and ran the tests. Everything looks fine.',
  '',
  'Done.\n\nNothing else to report.',
  'Done.\n{"note":"no contract here"}',
  'Working on it: ACCEPTANCE pending, STATUS unknown.',
];
const PROSE_STOPS = (['claude-code', 'codex'] as const).flatMap((runtime) =>
  PROSE.flatMap((message) =>
    [false, true].map((active) =>
      JSON.stringify({
        ...(runtime === 'codex' ? CODEX_STOP : CLAUDE_STOP),
        stop_hook_active: active,
        last_assistant_message: message,
      }),
    ),
  ),
);

const ALL_IDS = CONTRACTS.map((contract) => contract.id);

/**
 * Decides `input` with the fast path and, when it decides, with the whole hook, each with its own counter
 * seeded alike; both print the same bytes and leave the same counter. The fast path's answer, or `undefined`.
 */
async function agree(
  args: HookArgs,
  input: string,
  env: NodeJS.ProcessEnv,
  seed = { taken: [] as readonly number[], obstacle: false },
) {
  const [fastDir, wholeDir] = [stateDir(), stateDir()];
  seedCounter([fastDir, wholeDir], args, input, seed);
  const decided = await fast(args, input, env, fastDir);
  if (decided === undefined) return undefined;
  expect(await whole(args, input, env, wholeDir), input).toEqual(decided);
  expect(stateOf(fastDir), input).toEqual(stateOf(wholeDir));
  return decided;
}

describe('a pack hook’s fast path', () => {
  it('is generated for the runtimes whose payload it can check, every contract read by its schema alone and every zod-free read', () => {
    expect(Object.keys(TABLES.runtimes).sort()).toEqual(['claude-code', 'codex']);
    expect(GENERATED.imports.map(({ module, name }) => `${module}#${name}`)).toEqual([
      '@skillpack/core/plain-reads/maestro#satisfiesMaestroResult',
      '@skillpack/core/plain-reads/maestro#satisfiesMaestroVerdict',
      '@skillpack/core/plain-reads/conflux#satisfiesAcceptance',
      '@skillpack/core/plain-reads/conflux#isCanonicalText',
      '@skillpack/core/plain-reads/conflux#isNormalisedRepositoryPath',
      '@skillpack/core/plain-reads/conflux#rejectDuplicateFindingIds',
      '@skillpack/core/plain-reads/maestro#unattemptedMaestroResult',
      '@skillpack/core/plain-reads/maestro#unattemptedMaestroVerdict',
      '@skillpack/core/plain-reads/conflux#unattemptedAcceptance',
    ]);
    // The chain's id is the dialect's own field.
    expect(TABLES.runtimes.codex!.chainIdField).toBe('turn_id');
    expect(TABLES.runtimes['claude-code']!.chainIdField).toBeUndefined();
    expect(GENERATED.fallbacks.map((fallback) => fallback.id)).toEqual(['test.refined', 'test.fallback']);
    expect(GENERATED.fallbacks[0]!.reason).toMatch(/custom/);
    expect(GENERATED.fallbacks[1]!.reason).toMatch(/extract or validate of its own/);
    // Every contract but the one with an extract of its own has its unattempted failure read.
    expect(GENERATED.unattemptedReads).toEqual(ALL_IDS.filter((id) => id !== 'test.fallback'));
    expect(TABLES.unattempted['test.fallback']).toBeNull();
    // The fast path's hosts are the dialects' own, the same values.
    for (const id of Object.keys(STOP_HOOK_DIALECTS) as RuntimeId[]) {
      const dialect: StopHookDialect | undefined = STOP_HOOK_DIALECTS[id];
      expect(STOP_HOOK_HOSTS[id]).toBe(dialect?.hosts);
    }
  });

  it.each(STOPS)(
    '$runtime: decides a satisfied $id stop as the whole hook does',
    async ({ runtime, id, unproved, text }) => {
      // The refined and fallback contracts' answers are left to the whole hook, and so are the kinds of a
      // read without a predicate; every other example is decided.
      const left = unproved || GENERATED.fallbacks.some((fallback) => fallback.id === id);
      const decided = await agree(argsOf(runtime, ALL_IDS), text, {});
      expect(decided === undefined).toBe(left);
      if (decided !== undefined) expect(decided).toEqual({ stdout: '{}\n', stderr: '' });
    },
  );

  it('agrees with the whole hook on mutated stops, and leaves to it every stop it cannot prove satisfied', async () => {
    let decided = 0;
    let decidedByBlock = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STOPS.map((stop) => stop.runtime)),
        mutated(
          STOPS.map((stop) => stop.text),
          TOKENS,
          3,
        ),
        fc.subarray(ALL_IDS, { minLength: 1 }),
        fc.constantFrom<NodeJS.ProcessEnv>({}, { COPILOT_CLI: '1' }),
        async (runtime, text, ids, env) => {
          const answer = await agree(argsOf(runtime, ids), text, env);
          if (answer === undefined) return;
          decided++;
          if (/---(RESULT|VERDICT)---/.test(text)) decidedByBlock++;
        },
      ),
      runs(1500),
    );
    expect(decided).toBeGreaterThan(100);
    expect(decidedByBlock).toBeGreaterThan(50);
  });

  it('agrees with the whole hook on mutated stops of the built-ins it reads without zod', async () => {
    const builtins = STOPS.filter((stop) => !stop.id.startsWith('test.'));
    const decided = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...builtins)
          .chain((stop) => mutated([stop.text], TOKENS, 3).map((text) => ({ ...stop, text }))),
        async ({ runtime, id, text }) => {
          const answer = await agree(argsOf(runtime, ALL_IDS), text, {});
          if (answer === undefined) return;
          decided.set(id, (decided.get(id) ?? 0) + 1);
        },
      ),
      runs(1500),
    );
    // Each is decided often enough that a false accept would show.
    for (const id of ['conflux.acceptance', 'maestro.result', 'maestro.verdict'])
      expect(decided.get(id) ?? 0, id).toBeGreaterThan(50);
  });

  it('blocks, lets through and counts a stop that attempts no contract as the whole hook does, on every budget, enforce mode and counter', async () => {
    const outcomes = new Map<string, number>();
    const count = (kind: string) => outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STOPS.map((stop) => stop.runtime)),
        fc.oneof(
          { arbitrary: fc.constantFrom(...PROSE_STOPS), weight: 3 },
          { arbitrary: mutated(PROSE_STOPS, TOKENS, 2), weight: 3 },
          {
            arbitrary: mutated(
              STOPS.map((stop) => stop.text),
              TOKENS,
              3,
            ),
            weight: 1,
          },
        ),
        fc.oneof(
          fc.constantFrom(...ALL_IDS).map((id) => [id]),
          fc.subarray(ALL_IDS, { minLength: 2, maxLength: 3 }),
        ),
        fc.record({
          maxBlocks: fc.integer({ min: 0, max: 3 }),
          enforce: fc.constantFrom('always' as const, 'always' as const, 'attempted' as const),
        }),
        fc.record({
          taken: fc.subarray([1, 2, 3]),
          obstacle: fc.boolean(),
        }),
        fc.constantFrom<NodeJS.ProcessEnv>({}, {}, { COPILOT_CLI: '1' }),
        async (runtime, text, ids, budget, seed, env) => {
          const answer = await agree(argsOf(runtime, ids, budget), text, env, seed);
          if (answer === undefined) return;
          const stdout = JSON.parse(answer.stdout) as Record<string, string>;
          if (stdout.decision === 'block') count(ids.length === 1 ? 'block, one contract' : 'block, several');
          else if (/after \d+ blocked stop/.test(stdout.systemMessage ?? '')) count('budget spent');
          else if (/cannot be kept/.test(stdout.systemMessage ?? '')) count('counter unusable');
          else count('let through');
        },
      ),
      runs(1500),
    );
    // Each outcome is decided often enough that a wrong word or count would show.
    for (const kind of ['block, one contract', 'block, several', 'budget spent', 'let through'])
      expect(outcomes.get(kind) ?? 0, kind).toBeGreaterThan(40);
    expect(outcomes.get('counter unusable') ?? 0).toBeGreaterThan(5);
  });

  it.each([
    ['claude-code', ['test.greeting']],
    ['codex', ['test.greeting', 'maestro.result']],
    ['claude-code', ['conflux.acceptance', 'maestro.result']],
    ['codex', ['maestro.result', 'test.union', 'conflux.acceptance']],
  ] as const)(
    '%s %j: follows a chain of stops that attempt nothing as the whole hook does, to the end of each budget',
    async (runtime, ids) => {
      for (const maxBlocks of [1, 2, 3]) {
        const args = argsOf(runtime, ids, { maxBlocks });
        const [fastDir, wholeDir] = [stateDir(), stateDir()];
        const base = runtime === 'codex' ? CODEX_STOP : CLAUDE_STOP;
        const stop = (active: boolean) =>
          JSON.stringify({ ...base, stop_hook_active: active, last_assistant_message: PROSE[0] });
        const said: string[] = [];
        // A chain: the first stop, repeated stops until the budget is spent, then a new chain.
        for (const active of [false, true, true, true, false, true]) {
          const decided = await fast(args, stop(active), {}, fastDir);
          expect(decided, `${maxBlocks}: ${active}`).toBeDefined();
          expect(await whole(args, stop(active), {}, wholeDir)).toEqual(decided);
          expect(stateOf(fastDir)).toEqual(stateOf(wholeDir));
          said.push(JSON.parse(decided!.stdout).decision ?? 'allow');
        }
        // Block 1 and, with a budget above one, the blocks the counter allows; then through.
        expect(said.slice(0, 4)).toEqual(
          ['block', 'block', 'block', 'allow'].map((kind, index) => (index < maxBlocks ? kind : 'allow')),
        );
        expect(said[4]).toBe('block');
      }
    },
  );

  it('leaves to the whole hook a correction its build could not word and an unknown contract', async () => {
    const stop = { ...CLAUDE_STOP, last_assistant_message: undefined, timestamp: '2026-01-01T00:00:00Z' };
    const unhosted = JSON.stringify({ ...stop, last_assistant_message: '{"greeting":"hi"}' });
    const ids = ['test.greeting'];
    expect(await agree(argsOf('claude-code', ids), unhosted, {})).toEqual({ stdout: '{}\n', stderr: '' });
    // A repeated stop is decided too, its chain's blocks forgotten as the whole hook forgets them.
    const repeated = JSON.stringify({
      ...CLAUDE_STOP,
      stop_hook_active: true,
      last_assistant_message: '{"greeting":"hi"}',
    });
    expect(await agree(argsOf('claude-code', ids), repeated, {}, { taken: [1], obstacle: false })).toEqual({
      stdout: '{}\n',
      stderr: '',
    });
    // Conflux's correction of a missing verdict quotes the message: only the whole hook words it alone.
    const prose = JSON.stringify({ ...CLAUDE_STOP, last_assistant_message: PROSE[0] });
    const conflux = argsOf('claude-code', ['conflux.acceptance']);
    expect(await fast(conflux, prose, {}, stateDir())).toBeUndefined();
    expect(await agree({ ...conflux, maxBlocks: 0 }, prose, {})).toBeDefined();
    expect(await agree({ ...conflux, enforce: 'attempted' }, prose, {})).toEqual({
      stdout: '{}\n',
      stderr: '',
    });
    expect(await fast(argsOf('claude-code', ['test.fallback']), prose, {}, stateDir())).toBeUndefined();
    const known = JSON.stringify({ ...CLAUDE_STOP, last_assistant_message: '{"greeting":"hi"}' });
    expect(await fast(argsOf('claude-code', ['test.nope']), known, {}, stateDir())).toBeUndefined();
    expect(await fast(argsOf('gemini-cli', ids), known, {}, stateDir())).toBeUndefined();
  });
});

describe('a pack hook’s fast path for a contract delivered as a tool', () => {
  const submitted = defineContract({
    id: 'test.submitted',
    version: '1.0.0',
    title: 'Submitted greeting',
    description: 'A greeting delivered by calling its submit tool.',
    delivery: 'tool',
    schema: z.strictObject({ greeting: z.string().min(1) }),
    examples: [{ name: 'hello', value: { greeting: 'hello' } }],
  });
  const submittedBlock = defineContract({
    ...builtinContracts.get('maestro.result')!,
    id: 'test.submitted-block',
    delivery: 'tool',
  } as Parameters<typeof defineContract>[0]);

  it('never accepts the final message: its answer is a submit call, which the whole hook reads', async () => {
    const contracts = [submitted, submittedBlock];
    const generated = await fastStopTablesSource(contracts);
    expect(generated.fallbacks.map((fallback) => fallback.id)).toEqual([
      'test.submitted',
      'test.submitted-block',
    ]);
    for (const fallback of generated.fallbacks) expect(fallback.reason).toMatch(/delivered as a tool/);
    const tables = await tablesOf(generated);
    const written = [
      `Done.\n${JSON.stringify({ greeting: 'hello' })}`,
      `Done.\n${builtinContracts.get('maestro.result')!.render(builtinContracts.get('maestro.result')!.examples[0]!.value)}`,
    ];
    // Nor does it word a stop that writes no answer: a submit call may be the answer, or a failed one the attempt.
    expect(generated.unattemptedReads).toEqual([]);
    for (const runtime of ['claude-code', 'codex'] as const) {
      for (const [index, contract] of contracts.entries()) {
        for (const message of [written[index], 'Done.']) {
          const stop = JSON.stringify({
            ...(runtime === 'codex' ? CODEX_STOP : CLAUDE_STOP),
            last_assistant_message: message,
          });
          for (const enforce of ['always', 'attempted'] as const) {
            const args = { ...argsOf(runtime, [contract.id]), enforce };
            expect(await decideFastStop(tables, STOP_HOOK_HOSTS, args, {}, stop)).toBeUndefined();
          }
        }
      }
    }
  });
});
