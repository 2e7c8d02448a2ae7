// Every other parser and validator of core on untrusted values: never a throw, always a typed result.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bindFreshAction,
  bindRecoveryAssessment,
  checkActionPayload,
  checkServerInfo,
  classifyToolResponse,
  preflightApply,
  preflightApplyText,
  safeParseAction,
  safeParseApplyArguments,
  safeParseJsonText,
  safeParseNewTask,
  safeParseOperationProbe,
  safeParseResultEnvelope,
} from '../../src/devflow/index.js';
import { standardPayloadContext } from '../../src/devflow/payload-check.js';
import {
  findJsonCandidates,
  normalizeRepositoryPath,
  SkillpackError,
  splitLines,
  stripMarkdownDecorations,
} from '../../src/index.js';
import {
  checkRalphSession,
  ralphCompleteFromArgv,
  safeParseInvocationLine,
  safeParseRalphCompleteArgv,
  safeParseRunVerdict,
} from '../../src/maestro/index.js';
import {
  checkCompletionPayload,
  findZfEmitCommands,
  findZfEmitCommandsInText,
  safeParseZfEmitCommand,
  safeParseZfEvent,
  safeParseZfEventLine,
  validateArtifactManifest,
  validateManifestPayload,
} from '../../src/zaofu/index.js';
import { fixtureUnwrap } from '../conflux/_support.js';
import { anyValue, mutated, runs, tokenText } from './_support/arbitraries.js';
import { expectPrototypesUntouched, prototypeSnapshot } from './_support/pollution.js';

/** A `Result` whose failure is a typed SkillpackError with a code, a bounded message and JSON details. */
function expectTypedResult(result: unknown): void {
  expect(result).toHaveProperty('success');
  const typed = result as { success: boolean; error?: unknown };
  if (typed.success) return;
  expect(typed.error).toBeInstanceOf(SkillpackError);
  const error = typed.error as SkillpackError;
  expect(error.code).toMatch(/^[A-Za-z][A-Za-z0-9_.-]*$/);
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message.length).toBeLessThan(8_192);
  expect(() => JSON.stringify(error)).not.toThrow();
}

const ROOTS = { projectRoot: '/work/project', stateDir: '.zf' };
const SHELL_TOKENS = [
  'zf emit ',
  'gate.failed ',
  'arch.proposal.done',
  '--payload ',
  '--payload=',
  '--payload-file - ',
  '--dispatch-id d ',
  '--task T-1 ',
  '\'{"summary":"s"}\'',
  '"{\\"a\\":1}"',
  '<<EOF\n{"a":1}\nEOF\n',
  "<<<'{}'",
  '| ',
  '&& ',
  '; ',
  'sh -c ',
  'bash -lc "',
  'env A=1 ',
  'uv run ',
  '$(',
  ')',
  '`',
  '$' + '{X}',
  '\\\n',
  '#',
  '(',
  '{ ',
  ' }',
] as const;
const JSON_TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '"a"',
  ':',
  ',',
  '"\\u0000"',
  '"\\ud800"',
  '1e999',
  '-0',
  'null',
  'true',
] as const;
const TEXT_TOKENS = [
  '```',
  '```json',
  '{"a":1}',
  '{"type":"x","payload":{}}',
  '\n',
  '\r\n',
  '~~~',
  '---',
] as const;

/** Each parser or validator of core, called on an untrusted value. */
const PARSERS: readonly (readonly [string, (input: unknown) => unknown, fc.Arbitrary<unknown>])[] = [
  [
    'normalizeRepositoryPath',
    (text) => normalizeRepositoryPath(text as string),
    tokenText(['/', '\\', '..', '.', 'C:', '~']),
  ],
  ['safeParseZfEmitCommand', safeParseZfEmitCommand, tokenText(SHELL_TOKENS)],
  ['findZfEmitCommands', findZfEmitCommands, tokenText(SHELL_TOKENS)],
  ['findZfEmitCommandsInText', (text) => findZfEmitCommandsInText(text as string), tokenText(SHELL_TOKENS)],
  ['safeParseZfEventLine', safeParseZfEventLine, tokenText(JSON_TOKENS)],
  ['safeParseZfEvent', safeParseZfEvent, anyValue],
  ['validateArtifactManifest', (value) => validateArtifactManifest(value, ROOTS), anyValue],
  ['validateManifestPayload', (value) => validateManifestPayload(value, ROOTS), anyValue],
  [
    'checkCompletionPayload',
    (value) => ({ success: true, data: checkCompletionPayload(value as never) }),
    anyValue,
  ],
  [
    'safeParseInvocationLine',
    safeParseInvocationLine,
    tokenText(['maestro', ' ', 'delegate', '"', '--to', '\n']),
  ],
  ['safeParseRunVerdict', safeParseRunVerdict, tokenText(['done', '_', '-', 'READY', ' '])],
  [
    'safeParseRalphCompleteArgv',
    safeParseRalphCompleteArgv,
    fc.oneof(anyValue, fc.array(tokenText(['--', 'status', '=', 'DONE']))),
  ],
  [
    'ralphCompleteFromArgv',
    (value) => ralphCompleteFromArgv(value, ['3', '--status', 'DONE'], { now: '2026-01-01T00:00:00Z' }),
    anyValue,
  ],
  ['checkRalphSession', (value) => ({ success: true, data: checkRalphSession(value) }), anyValue],
  ['safeParseJsonText', safeParseJsonText, tokenText(JSON_TOKENS)],
  ['safeParseResultEnvelope', safeParseResultEnvelope, fc.oneof(anyValue, tokenText(JSON_TOKENS))],
  [
    'classifyToolResponse',
    (value) => ({
      success: true,
      data: classifyToolResponse(value, { tool: 'dev_flow_apply_action', requestId: 'r-1' }),
    }),
    anyValue,
  ],
  ['safeParseAction', safeParseAction, anyValue],
  ['bindFreshAction', (value) => bindFreshAction(value, 'dev_flow_get_task'), anyValue],
  ['bindRecoveryAssessment', bindRecoveryAssessment, anyValue],
  ['safeParseApplyArguments', safeParseApplyArguments, anyValue],
  ['safeParseNewTask', safeParseNewTask, anyValue],
  ['safeParseOperationProbe', safeParseOperationProbe, anyValue],
  ['checkServerInfo', (value) => checkServerInfo(value, { packagedVersion: '0.4.0' }), anyValue],
  [
    'checkActionPayload',
    (value) => checkActionPayload(standardPayloadContext('REQUIREMENTS'), value),
    anyValue,
  ],
  ['preflightApply', (value) => preflightApply(value, value), anyValue],
  [
    'preflightApplyText',
    (value) => preflightApplyText(value, value),
    fc.oneof(anyValue, tokenText(JSON_TOKENS)),
  ],
];

describe.each(PARSERS)('%s on untrusted input', (name, parse, arbitrary) => {
  it('never throws and returns a typed result', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(fc.oneof(arbitrary, anyValue), (input) => {
        const result = parse(input);
        if (Array.isArray(result) || typeof result !== 'object' || result === null) return;
        if (name === 'findZfEmitCommands' || name === 'findZfEmitCommandsInText') return;
        expectTypedResult(result);
      }),
      runs(200),
    );
    expectPrototypesUntouched(before);
  });
});

/** Text helpers are typed `string`: every string, however awkward, is fine input. */
const TEXT_HELPERS: readonly (readonly [string, (text: string) => unknown])[] = [
  ['findJsonCandidates', (text) => findJsonCandidates(text, fixtureUnwrap)],
  ['splitLines', splitLines],
  ['stripMarkdownDecorations', stripMarkdownDecorations],
];

describe.each(TEXT_HELPERS)('%s on any string', (_name, helper) => {
  it('never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(tokenText([...TEXT_TOKENS, '*', '_', '#', '>']), fc.string({ unit: 'binary' })),
        (text) => {
          helper(text);
        },
      ),
      runs(300),
    );
  });
});

describe('zf emit calls found in a string all carry typed results', () => {
  it('for shell-shaped noise and mutated real commands', () => {
    const real = [
      `zf emit gate.failed --payload '{"verdict":"reject"}' --dispatch-id d-1`,
      `cd repo && uv run zf emit arch.proposal.done --payload-file - <<'EOF'\n{"summary":"s"}\nEOF`,
      `bash -lc "zf emit design.critique.done --payload '{\\"a\\":1}'"`,
      'Run this:\n```bash\nzf emit gate.failed --payload \'{"x":1}\'\n```\n',
    ];
    fc.assert(
      fc.property(fc.oneof(tokenText(SHELL_TOKENS), mutated(real, SHELL_TOKENS)), (text) => {
        for (const found of [...findZfEmitCommands(text), ...findZfEmitCommandsInText(text)]) {
          expectTypedResult(found.result);
          expect(found.start).toBeGreaterThanOrEqual(0);
          expect(found.end).toBeGreaterThanOrEqual(found.start);
          expect(found.end).toBeLessThanOrEqual(text.length);
        }
      }),
      runs(400),
    );
  });
});
