// The optional OpenTelemetry export of @skillpack/host: only this entry imports @opentelemetry/api (an
// optional peer dependency), so `@skillpack/host` itself never loads it.
import {
  type Attributes,
  type Context,
  context,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { AttemptRecord } from '../attempt.js';
import type { RunContractResult } from '../run-contract.js';

/** The tracer name used when `exportAttemptSpans` gets no tracer. */
export const HOST_TRACER_NAME = '@skillpack/host';

/** Options of `exportAttemptSpans`: the tracer (default the global one) and the parent context. */
export interface ExportAttemptSpansOptions {
  /** Default: `trace.getTracer('@skillpack/host')` of the global tracer provider. */
  readonly tracer?: Tracer;
  /** The context the spans are children of; default the active one. */
  readonly parent?: Context;
}

/** The GenAI semantic-convention attributes of one attempt's `invoke_agent` span. */
export function attemptAttributes(attempt: AttemptRecord): Attributes {
  const attributes: Attributes = {
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.agent.name': attempt.runtime,
    'skillpack.contract.id': attempt.contractId,
    'skillpack.attempt.index': attempt.index,
    'skillpack.attempt.outcome': attempt.outcome,
    'skillpack.run.finish': attempt.run.finish,
  };
  if (attempt.sessionId !== undefined) attributes['gen_ai.conversation.id'] = attempt.sessionId;
  if (attempt.run.model !== undefined) attributes['gen_ai.response.model'] = attempt.run.model;
  if (attempt.usage) {
    attributes['gen_ai.usage.input_tokens'] = attempt.usage.inputTokens;
    attributes['gen_ai.usage.output_tokens'] = attempt.usage.outputTokens;
  }
  if (attempt.costUsd !== undefined) attributes['skillpack.run.cost_usd'] = attempt.costUsd;
  if (attempt.exitCode !== null) attributes['process.exit.code'] = attempt.exitCode;
  return attributes;
}

/**
 * Export each attempt of a `runContract` result as an `invoke_agent <runtime>` span (GenAI semantic
 * conventions: `gen_ai.operation.name`, `gen_ai.agent.name`, `gen_ai.conversation.id`, token usage), timed
 * as the attempt ran. An attempt whose answer was judged carries a `gen_ai.evaluation.result` event named
 * after the contract, labelled `pass` or `fail`; the attempt that ended the call with an error has that
 * error's code as `error.type` and an error status.
 */
export function exportAttemptSpans(
  result: RunContractResult<unknown>,
  options: ExportAttemptSpansOptions = {},
): void {
  const tracer = options.tracer ?? trace.getTracer(HOST_TRACER_NAME);
  const parent = options.parent ?? context.active();
  const last = result.attempts.length - 1;
  result.attempts.forEach((attempt, index) => {
    const span = tracer.startSpan(
      `invoke_agent ${attempt.runtime}`,
      { kind: SpanKind.CLIENT, startTime: attempt.startedAt, attributes: attemptAttributes(attempt) },
      parent,
    );
    if (attempt.outcome !== 'failed') {
      span.addEvent(
        'gen_ai.evaluation.result',
        {
          'gen_ai.evaluation.name': attempt.contractId,
          'gen_ai.evaluation.score.label': attempt.outcome === 'satisfied' ? 'pass' : 'fail',
          ...(attempt.contractError
            ? { 'gen_ai.evaluation.explanation': attempt.contractError.message }
            : {}),
        },
        attempt.endedAt,
      );
    }
    if (index === last && !result.ok) {
      span.setAttribute('error.type', result.error.code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: result.error.message });
    }
    span.end(attempt.endedAt);
  });
}
