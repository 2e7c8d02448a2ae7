import { describe, expect, expectTypeOf, it } from 'vitest';
import { CONFLUX_ERROR_CODES } from '../src/conflux/error-codes.js';
import type { ConfluxErrorCode } from '../src/conflux/index.js';
import { safeParseAcceptanceOutput, validateAcceptanceVerdict } from '../src/conflux/index.js';
import { DEVFLOW_CLIENT_ERROR_CODES } from '../src/devflow/error-codes.js';
import { CORE_ERROR_CODES } from '../src/devflow/error-table.js';
import type { DevflowErrorCode, DevflowProtocolError } from '../src/devflow/index.js';
import {
  createOperationProbe,
  safeParseAction,
  safeParseApplyArguments,
  safeParseJsonText,
  safeParseNewTask,
  safeParseOperationProbe,
  safeParseRecoveryAssessment,
  safeParseResultEnvelope,
} from '../src/devflow/index.js';
import type { ProtocolError } from '../src/errors.js';
import { MAESTRO_FAILURE_CODES } from '../src/maestro/error-codes.js';
import type { MaestroErrorCode, MaestroProtocolError, RalphCommandError } from '../src/maestro/index.js';
import {
  safeParseInvocationLine,
  safeParseRalphCliArguments,
  safeParseRalphCompleteArgv,
  safeParseRalphRetryArgv,
  safeParseResultBlock,
  safeParseRunVerdict,
  safeParseVerdictBlock,
} from '../src/maestro/index.js';
import type { Failure, Result } from '../src/result.js';
import { ZAOFU_ERROR_CODES } from '../src/zaofu/error-codes.js';
import type { ZaofuErrorCode, ZaofuProtocolError } from '../src/zaofu/index.js';
import { safeParseZfEmitCommand, safeParseZfEvent, safeParseZfEventLine } from '../src/zaofu/index.js';

type ErrorOf<F extends (...args: never[]) => unknown> =
  Exclude<ReturnType<F>, { success: true }> extends Failure<infer E> ? E : never;

/** What a host writes: one branch per code, and `never` left over when every code is handled. */
function describeZaofu(code: ZaofuErrorCode): string {
  switch (code) {
    case 'artifact_manifest_rejected':
    case 'critique_not_approved':
    case 'dynamic_emit_argument':
    case 'event_schema_violation':
    case 'invalid_emit_arguments':
    case 'invalid_emit_payload':
    case 'invalid_event':
    case 'invalid_event_json':
    case 'invalid_payload':
    case 'invalid_project_root':
    case 'invalid_shell_syntax':
    case 'manifest_after_proposal':
    case 'manifest_in_file':
    case 'manifest_link_unresolved':
    case 'missing_backlog_refs':
    case 'missing_payload':
    case 'missing_summary':
    case 'multiple_emit_commands':
    case 'not_zf_emit':
    case 'object_artifact_ref':
    case 'payload_in_file':
    case 'proposal_not_found':
    case 'run_not_complete':
    case 'unproven_emit':
      return code;
    default: {
      const unhandled: never = code;
      return unhandled;
    }
  }
}

function describeConflux(code: ConfluxErrorCode): string {
  switch (code) {
    case 'missing_verdict':
      return 'no verdict';
    case 'bare_blocker':
      return 'gated without a blocker';
    default: {
      // @ts-expect-error -- 'malformed_finding' has no case, so `code` is not narrowed to never.
      const unhandled: never = code;
      return unhandled;
    }
  }
}

const JUNK: readonly unknown[] = [undefined, null, '', '{', [], {}, 42, 'x'.repeat(10_000), '\uFFFD\u0000'];

function codesOf(results: readonly Result<unknown, { readonly code: string }>[]): string[] {
  return results.flatMap((result) => (result.success ? [] : [result.error.code]));
}

describe('typed error codes', () => {
  it('types each family failure with its own code union', () => {
    // A whole-run unwrapper's `run_not_complete` is the run's failure, not a Conflux protocol failure.
    expectTypeOf<ErrorOf<typeof safeParseAcceptanceOutput>>().toEqualTypeOf<
      ProtocolError<ConfluxErrorCode | 'run_not_complete'>
    >();
    expectTypeOf<ErrorOf<typeof safeParseZfEmitCommand>>().toEqualTypeOf<ZaofuProtocolError>();
    expectTypeOf<ErrorOf<typeof safeParseResultBlock>>().toEqualTypeOf<MaestroProtocolError>();
    expectTypeOf<ErrorOf<typeof safeParseRalphCompleteArgv>>().toEqualTypeOf<RalphCommandError>();
    expectTypeOf<RalphCommandError['code']>().toEqualTypeOf<MaestroErrorCode>();
    expectTypeOf<ErrorOf<typeof safeParseAction>>().toEqualTypeOf<DevflowProtocolError>();
    expectTypeOf<DevflowProtocolError['code']>().toEqualTypeOf<DevflowErrorCode>();
    expectTypeOf<ConfluxErrorCode>().toEqualTypeOf<
      'missing_verdict' | 'bare_blocker' | 'malformed_finding' | 'invalid_verdict'
    >();
  });

  it('compiles an exhaustive switch and refuses one with a missing case', () => {
    expect(describeZaofu('not_zf_emit')).toBe('not_zf_emit');
    expect(describeConflux('missing_verdict')).toBe('no verdict');
  });

  it('lists every code the parsers return on junk', () => {
    const conflux = codesOf(
      JUNK.flatMap((junk) => [safeParseAcceptanceOutput(junk as string), validateAcceptanceVerdict(junk)]),
    );
    const zaofu = codesOf(
      JUNK.flatMap((junk) => [
        safeParseZfEmitCommand(junk),
        safeParseZfEvent(junk),
        safeParseZfEventLine(junk),
      ]),
    );
    const maestro = codesOf(
      JUNK.flatMap((junk) => [
        safeParseResultBlock(junk as string),
        safeParseVerdictBlock(junk as string),
        safeParseRunVerdict(junk),
        safeParseInvocationLine(junk),
        safeParseRalphCliArguments(junk),
        safeParseRalphCompleteArgv(junk),
        safeParseRalphRetryArgv(junk),
      ]),
    );
    const devflow = codesOf(
      JUNK.flatMap((junk) => [
        safeParseAction(junk),
        safeParseApplyArguments(junk),
        safeParseNewTask(junk),
        safeParseOperationProbe(junk),
        safeParseRecoveryAssessment(junk),
        safeParseResultEnvelope(junk),
        createOperationProbe(junk),
        safeParseJsonText(String(junk)),
      ]),
    );
    for (const [codes, known] of [
      [conflux, CONFLUX_ERROR_CODES],
      [zaofu, ZAOFU_ERROR_CODES],
      [maestro, MAESTRO_FAILURE_CODES],
      [devflow, [...CORE_ERROR_CODES, ...DEVFLOW_CLIENT_ERROR_CODES]],
    ] as const) {
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) expect(known).toContain(code);
    }
  });
});
