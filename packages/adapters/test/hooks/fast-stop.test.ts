// A pack hook's fast path against the whole hook: on every stop it decides (a satisfied stop, proved by the
// validators a build generates from the payload and contract schemas), the whole hook prints the same line;
// on every other stop it decides nothing and the whole hook answers. Real and mutated Claude Code and Codex
// payloads, messages built from the contracts' examples and mutated, several contracts per hook; the built-ins
// with a zod-free read of their own (`plainRead`: maestro's blocks, Conflux's verdict with predicates generated
// from its kinds' schemas) beside contracts read by their schema.
import { Readable } from 'node:stream';
import { type AnyContract, createContractRegistry, defineContract } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FastStopTablesSource, fastStopTablesSource } from '../../src/bundler/fast-stop-tables.js';
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

function argsOf(runtime: RuntimeId, contractIds: readonly string[]): HookArgs {
  return { ...HOOK_DEFAULTS, runtime, contractIds, enforce: 'always' };
}

async function whole(runtime: RuntimeId, ids: readonly string[], input: string, env: NodeJS.ProcessEnv) {
  const argv = [runtime, ...ids.flatMap((id) => ['--contract', id])];
  const outcome = await runHookProcess(argv, { stdin: Readable.from([input]), env }, REGISTRY);
  return outcome.stdout;
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
    ]);
    for (const table of Object.values(TABLES.runtimes)) expect(table.satisfied).toBe('{}\n');
    expect(GENERATED.fallbacks.map((fallback) => fallback.id)).toEqual(['test.refined', 'test.fallback']);
    expect(GENERATED.fallbacks[0]!.reason).toMatch(/custom/);
    expect(GENERATED.fallbacks[1]!.reason).toMatch(/extract or validate of its own/);
    // The fast path's hosts are the dialects' own, the same values.
    for (const id of Object.keys(STOP_HOOK_DIALECTS) as RuntimeId[]) {
      const dialect: StopHookDialect | undefined = STOP_HOOK_DIALECTS[id];
      expect(STOP_HOOK_HOSTS[id]).toBe(dialect?.hosts);
    }
  });

  it.each(STOPS)(
    '$runtime: decides a satisfied $id stop as the whole hook does',
    async ({ runtime, id, unproved, text }) => {
      const ids = CONTRACTS.map((contract) => contract.id);
      const fast = decideFastStop(TABLES, STOP_HOOK_HOSTS, argsOf(runtime, ids), {}, text);
      // The refined and fallback contracts' answers are left to the whole hook, and so are the kinds of a
      // read without a predicate; every other example is decided.
      const left = unproved || GENERATED.fallbacks.some((fallback) => fallback.id === id);
      expect(fast === undefined).toBe(left);
      if (fast !== undefined) expect(await whole(runtime, ids, text, {})).toBe(fast);
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
        fc.subarray(
          CONTRACTS.map((contract) => contract.id),
          { minLength: 1 },
        ),
        fc.constantFrom<NodeJS.ProcessEnv>({}, { COPILOT_CLI: '1' }),
        async (runtime, text, ids, env) => {
          const fast = decideFastStop(TABLES, STOP_HOOK_HOSTS, argsOf(runtime, ids), env, text);
          if (fast === undefined) return;
          decided++;
          if (/---(RESULT|VERDICT)---/.test(text)) decidedByBlock++;
          expect(await whole(runtime, ids, text, env)).toBe(fast);
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
          const ids = CONTRACTS.map((contract) => contract.id);
          const fast = decideFastStop(TABLES, STOP_HOOK_HOSTS, argsOf(runtime, ids), {}, text);
          if (fast === undefined) return;
          decided.set(id, (decided.get(id) ?? 0) + 1);
          expect(await whole(runtime, ids, text, {})).toBe(fast);
        },
      ),
      runs(1500),
    );
    // Each is decided often enough that a false accept would show.
    for (const id of ['conflux.acceptance', 'maestro.result', 'maestro.verdict'])
      expect(decided.get(id) ?? 0, id).toBeGreaterThan(50);
  });

  it('leaves to the whole hook a stop another runtime hosts, a repeated stop and an unknown contract', async () => {
    const stop = { ...CLAUDE_STOP, last_assistant_message: undefined, timestamp: '2026-01-01T00:00:00Z' };
    const hosted = JSON.stringify({ ...stop, last_assistant_message: '{"greeting":"hi"}' });
    const ids = ['test.greeting'];
    expect(decideFastStop(TABLES, STOP_HOOK_HOSTS, argsOf('claude-code', ids), {}, hosted)).toBe('{}\n');
    const repeated = JSON.stringify({
      ...CLAUDE_STOP,
      stop_hook_active: true,
      last_assistant_message: '{"greeting":"hi"}',
    });
    expect(decideFastStop(TABLES, STOP_HOOK_HOSTS, argsOf('claude-code', ids), {}, repeated)).toBeUndefined();
    const known = JSON.stringify({ ...CLAUDE_STOP, last_assistant_message: '{"greeting":"hi"}' });
    expect(
      decideFastStop(TABLES, STOP_HOOK_HOSTS, argsOf('claude-code', ['test.nope']), {}, known),
    ).toBeUndefined();
    expect(decideFastStop(TABLES, STOP_HOOK_HOSTS, argsOf('gemini-cli', ids), {}, known)).toBeUndefined();
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
    for (const runtime of ['claude-code', 'codex'] as const) {
      for (const [index, contract] of contracts.entries()) {
        const stop = JSON.stringify({
          ...(runtime === 'codex' ? CODEX_STOP : CLAUDE_STOP),
          last_assistant_message: written[index],
        });
        expect(
          decideFastStop(tables, STOP_HOOK_HOSTS, argsOf(runtime, [contract.id]), {}, stop),
        ).toBeUndefined();
      }
    }
  });
});
