// Hook stdin: any payload yields a decision, and stdout is always one document Codex's schema accepts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinContracts } from '@skillpack/core/contracts';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeCodeStopHook } from '../../src/claude-code/stop-hook.js';
import { codexStopHook } from '../../src/codex/stop-hook.js';
import { createMemoryBlockCounterFactory, handleStopHook } from '../../src/index.js';
import { runHookProcess } from '../../src/run-hook.js';
import { CODEX_STOP, readSample, readSampleJson } from '../hooks/_samples.js';
import {
  anyValue,
  expectPrototypesUntouched,
  mutated,
  prototypeSnapshot,
  runs,
  tokenText,
} from './_support/core-support.js';

const stateDir = mkdtempSync(join(tmpdir(), 'skillpack-h11-hook-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

const validateCodexOutput = new Ajv({ strict: false }).compile(
  readSampleJson('codex', 'hooks-stop.command.output.schema.json'),
);

const CONTRACTS = [
  builtinContracts.require('conflux.acceptance'),
  builtinContracts.require('maestro.result'),
];
const PAYLOADS = [readSample('claude', 'hook-stop-input.json'), JSON.stringify(CODEX_STOP)];
const HOOK_TOKENS = [
  '"hook_event_name":"Stop"',
  '"hook_event_name":"SubagentStop"',
  '"stop_hook_active":true',
  '"last_assistant_message":"{\\"acceptance\\":\\"pass\\"}"',
  '"last_assistant_message":null',
  '"transcript_path":"/nonexistent/t.jsonl"',
  '"__proto__":{"polluted":true}',
  '"session_id":"s"',
  ',',
  '{',
  '}',
] as const;

/** Arbitrary hook payload values: mutated real payloads (parsed when they still parse) and junk. */
const payload = fc.oneof(
  mutated(PAYLOADS, HOOK_TOKENS).map((text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }),
  anyValue,
);

describe.each([
  ['claude-code', claudeCodeStopHook],
  ['codex', codexStopHook],
] as const)('%s Stop hook on untrusted stdin', (_runtime, hook) => {
  it('parseInput never throws and returns a typed result', () => {
    fc.assert(
      fc.property(payload, (value) => {
        const parsed = hook.parseInput(value);
        expect(parsed).toHaveProperty('success');
        if (!parsed.success) expect(parsed.error.code).toBe('invalid_hook_input');
      }),
      runs(300),
    );
  });

  it('handleStopHook always decides, and prints only what the Codex output schema accepts', async () => {
    const before = prototypeSnapshot();
    const counter = createMemoryBlockCounterFactory();
    await fc.assert(
      fc.asyncProperty(payload, async (value) => {
        const result = await handleStopHook(hook, value, {
          contracts: CONTRACTS,
          blockCounter: counter,
          readTranscript: async () => ({ success: true, data: 'no verdict here' }),
        });
        expect(['allow', 'block']).toContain(result.decision.kind);
        expect(validateCodexOutput(result.output), JSON.stringify(validateCodexOutput.errors)).toBe(true);
        if (result.decision.kind === 'block') expect(result.output.reason?.trim()).not.toBe('');
      }),
      runs(300),
    );
    expectPrototypesUntouched(before);
  });
});

describe('the skillpack-hook process on untrusted stdin', () => {
  const stdinText = fc.oneof(
    mutated(PAYLOADS, HOOK_TOKENS),
    tokenText(HOOK_TOKENS),
    fc.string({ unit: 'binary' }),
  );

  it('prints exactly one JSON document the runtime accepts, whatever arrives', async () => {
    await fc.assert(
      fc.asyncProperty(
        stdinText,
        fc.constantFrom('claude-code', 'codex'),
        fc.array(fc.integer({ min: 1, max: 32 }), { minLength: 1, maxLength: 4 }),
        async (text, runtime, sizes) => {
          const bytes = new TextEncoder().encode(text);
          async function* stdin() {
            for (let at = 0, i = 0; at < bytes.length; i++) {
              const size = sizes[i % sizes.length]!;
              yield bytes.subarray(at, at + size);
              at += size;
            }
          }
          const outcome = await runHookProcess(
            [
              runtime,
              '--contract',
              'conflux.acceptance',
              '--contract',
              'maestro.result',
              '--timeout-ms',
              '5000',
            ],
            { stdin: stdin(), env: { SKILLPACK_HOOK_STATE_DIR: stateDir } },
          );
          expect(outcome.stdout.endsWith('\n')).toBe(true);
          expect(outcome.stdout.trim().includes('\n')).toBe(false);
          const document = JSON.parse(outcome.stdout) as unknown;
          expect(validateCodexOutput(document), JSON.stringify(validateCodexOutput.errors)).toBe(true);
        },
      ),
      runs(150),
    );
  }, 60_000);
});
