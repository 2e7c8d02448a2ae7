import { defineContract } from '../define-contract.js';
import type { ProtocolError } from '../errors.js';
import { renderableBy } from './_block-text.js';
import { isMaestroAttempt, rejectFallback } from './fallback.js';
import { MAESTRO_PLAIN_READS } from './plain-read.js';
import { RESULT_MARKERS, renderResultBlock, safeParseResultBlock } from './result-block.js';
import { RESULT_TITLE } from './result-fields.js';
import { type MaestroResult, MaestroResultSchema, RESULT_STATUSES } from './result-schema.js';

const EXAMPLES: readonly { name: string; description: string; value: MaestroResult }[] = [
  {
    name: 'plan-done',
    description: 'The Output Example of maestro-ralph-cli-execute (Codex variant, no EVIDENCE line).',
    value: {
      fallback: false,
      STATUS: 'DONE',
      SUMMARY: '生成 8 个 task 覆盖认证模块 3 个子系统，wave 1 含 5 个独立 task',
      ARTIFACTS: ['.workflow/scratch/PLN-20260628/TASK-001.json', '.workflow/scratch/PLN-20260628/plan.json'],
      EVIDENCE: null,
      DECISIONS: ['选择 wave 模式分 2 波执行', 'JWT 和 session 分离为独立 task'],
      CAVEATS: '模块 X 的外部 API 尚未确认，TASK-003 可能需调整',
      DEFERRED: ['性能基准测试留到 review 后'],
      SIGNALS: { plan_dir: '.workflow/scratch/PLN-20260628', 'PLN-xxx': 'PLN-20260628' },
    },
  },
  {
    name: 'execute-done-with-concerns',
    description: 'A Claude-variant result with EVIDENCE and a caveat that becomes --concerns.',
    value: {
      fallback: false,
      STATUS: 'DONE_WITH_CONCERNS',
      SUMMARY: 'Implemented JWT login and refresh; 41 of 42 tests pass',
      ARTIFACTS: ['src/auth/jwt.ts', 'src/auth/refresh.ts'],
      EVIDENCE: ['.workflow/scratch/EXE-20260628/verification.json'],
      DECISIONS: ['Kept refresh tokens in an httpOnly cookie'],
      CAVEATS: 'The clock-skew test is flaky on CI and was left failing',
      DEFERRED: [],
      SIGNALS: { scratch_dir: '.workflow/scratch/EXE-20260628', phase: '2' },
    },
  },
  {
    name: 'plan-blocked',
    description: 'The Error Output of maestro-ralph-cli-execute (Claude variant, every other field empty).',
    value: {
      fallback: false,
      STATUS: 'BLOCKED',
      SUMMARY: 'maestro-plan 执行失败：required_reading 文件 analyze-guide.md 缺失',
      ARTIFACTS: [],
      EVIDENCE: [],
      DECISIONS: [],
      CAVEATS: null,
      DEFERRED: [],
      SIGNALS: {},
    },
  },
];

const RULES = [
  `End the final message with one block: a line ${RESULT_MARKERS.start}, one "KEY: value" line per field, then a line ${RESULT_MARKERS.end}.`,
  `STATUS is required and is exactly one of ${RESULT_STATUSES.join(', ')} (NEEDS_CONTEXT is not accepted).`,
  'SUMMARY starts with a verb and has at most 100 characters; it is required for DONE and DONE_WITH_CONCERNS.',
  'ARTIFACTS and EVIDENCE list paths separated by commas; DECISIONS and DEFERRED list items separated by semicolons.',
  'SIGNALS holds key=value pairs separated by semicolons, such as plan_dir=.workflow/scratch/PLN-1;phase=2.',
  'Leave a field empty (write "KEY:") when there is nothing to report.',
];

const FIELD_GUIDE = [
  `STATUS: <${RESULT_STATUSES.join('|')}>`,
  'SUMMARY: <verb-first summary, at most 100 characters>',
  'ARTIFACTS: <comma-separated paths>',
  'EVIDENCE: <comma-separated verification paths>',
  'DECISIONS: <semicolon-separated decisions>',
  'CAVEATS: <notes for the next steps>',
  'DEFERRED: <semicolon-separated deferred work>',
  'SIGNALS: <key=value;key=value>',
];

function correctResult(error: ProtocolError): string {
  const example = EXAMPLES[0] as (typeof EXAMPLES)[number];
  return [
    `Your final message does not end with a valid maestro ${RESULT_MARKERS.start} block: ${error.message}`,
    `End your final message with the block, each field on its own line, exactly in this shape:`,
    [RESULT_MARKERS.start, ...FIELD_GUIDE, RESULT_MARKERS.end].join('\n'),
    'For example:',
    renderResultBlock(example.value),
  ].join('\n\n');
}

/** `maestro.result`: the `---RESULT---` block a maestro-ralph-cli-execute delegate ends its output with. */
export const maestroResultContract = defineContract({
  id: 'maestro.result',
  version: '1.0.0',
  title: RESULT_TITLE,
  description:
    'The structured ---RESULT--- … ---END--- block a delegated maestro-ralph-cli-execute run ends its output with ' +
    '(maestro-flow v0.5.43). A missing block yields the upstream fallback, marked fallback: true.',
  delivery: 'text',
  // Seed 002: "always end with `---RESULT---` / `---END---` block"; a JSON final message would break it.
  jsonFinalMessage: false,
  schema: renderableBy(MaestroResultSchema, renderResultBlock),
  jsonSchemaSource: MaestroResultSchema,
  examples: EXAMPLES,
  rules: RULES,
  extract: (text, options) => safeParseResultBlock(text, options),
  render: renderResultBlock,
  rejectValue: rejectFallback(RESULT_TITLE),
  plainRead: {
    module: MAESTRO_PLAIN_READS,
    name: 'satisfiesMaestroResult',
    unattempted: 'unattemptedMaestroResult',
  },
  isAttempt: isMaestroAttempt,
  correct: correctResult,
});
