import type { z } from 'zod';
import type { Contract, ContractExample, ContractResult, ExtractOptions } from '../contract.js';
import { defineContract } from '../define-contract.js';
import { describeValue, ProtocolError } from '../errors.js';
import { protocolErrorFromZod } from '../issues.js';
import { fail, ok, type Warning } from '../result.js';
import { findJsonCandidates } from '../text/json-candidates.js';
import { isJsonObject } from '../text/json-line.js';
import { agentTextLines, runNotCompleteOf } from '../text/unwrap.js';
import { isMapping } from './_python.js';
import { findCompletionWarnFields, findMissingCompletionFields } from './completion-payload.js';
import { findZfEmitCommandsInText } from './emit-in-text.js';
import { unprovenEmitError, zfEmitToolCalls } from './emit-tool-calls.js';
import type { ZaofuProtocolError } from './error-codes.js';
import type { HandoffEventType } from './event-types.js';
import { OBJECT_ARTIFACT_REF_MESSAGE } from './payload-fields.js';

export interface HandoffContractSpec<S extends z.ZodType> {
  readonly eventType: HandoffEventType;
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly schema: S;
  readonly examples: readonly ContractExample<z.output<S>>[];
  readonly rules: readonly string[];
}

/** Quote a string for a POSIX shell: single quotes, each `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The command an agent runs to emit `payload` as an event of `type`. */
export function renderZfEmitCommand(type: string, payload: unknown): string {
  return `zf emit ${type} --payload ${shellQuote(JSON.stringify(payload))}`;
}

/** Lifecycle events must not carry object refs; the manifest event is the one place they belong. */
function objectRefError(
  eventType: string,
  value: unknown,
  cause: z.ZodError,
): ZaofuProtocolError | undefined {
  if (eventType === 'artifact.manifest.published') return undefined;
  if (!isMapping(value) || !Array.isArray(value.artifact_refs)) return undefined;
  const index = value.artifact_refs.findIndex(isMapping);
  if (index === -1) return undefined;
  const fieldPath = `artifact_refs[${index}]`;
  return new ProtocolError(
    'object_artifact_ref',
    `${eventType}.${fieldPath} is an object, but ${OBJECT_ARTIFACT_REF_MESSAGE}. Received ${describeValue(value.artifact_refs[index])}.`,
    {
      details: {
        fieldPath,
        value: value.artifact_refs[index],
        issues: protocolErrorFromZod(cause, eventType, value).details.issues,
      },
    },
  );
}

/**
 * What the kernel merely audits is a warning: a completion field it requires but the skill does not (its
 * `task.contract.invalid` is non-blocking), and the fields it warns about itself.
 */
function completionWarnings(eventType: string, payload: unknown): Warning[] {
  const audited = findMissingCompletionFields(eventType, payload).map((field) => ({
    code: 'completion_audit_field',
    message: `${eventType} has no ${field === 'changed_files' ? 'changed_files list' : `non-empty ${field}`}; the ZaoFu kernel accepts the event and appends a non-blocking task.contract.invalid (completion_payload_contract_violation).`,
    details: { field },
  }));
  return [
    ...audited,
    ...findCompletionWarnFields(eventType, payload).map((field) => ({
      code: 'completion_warn_field',
      message: `${eventType} has no ${field}; the ZaoFu kernel records that as a warning of the completion contract.`,
      details: { field },
    })),
  ];
}

function createValidate<T>(eventType: string, title: string, schema: z.ZodType<T>) {
  return (value: unknown): ContractResult<T> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      return fail(
        objectRefError(eventType, value, parsed.error) ?? protocolErrorFromZod(parsed.error, title, value),
      );
    }
    return ok(parsed.data, completionWarnings(eventType, parsed.data));
  };
}

interface Candidate {
  readonly payload: unknown;
  /** Named its event type (a `zf emit` call or an event envelope), as opposed to a bare JSON object. */
  readonly typed: boolean;
  /** Why no payload could be taken from a typed candidate. */
  readonly error?: ZaofuProtocolError;
}

function candidates(eventType: string, text: string, options: ExtractOptions): Candidate[] {
  const found: Candidate[] = [];
  // One pass of the unwrapper over the output (a stateful one reads each output once), then plain text.
  const lines = [...agentTextLines(text, options.unwrapLine)].join('\n');
  for (const { value } of findJsonCandidates(lines)) {
    if (typeof value.type === 'string' && isJsonObject(value.payload)) {
      if (value.type === eventType) found.push({ payload: value.payload, typed: true });
    } else found.push({ payload: value, typed: false });
  }
  for (const { result } of findZfEmitCommandsInText(lines)) {
    if (!result.success) {
      if (result.error.details.type === eventType)
        found.push({ payload: undefined, typed: true, error: result.error });
      continue;
    }
    if (result.data.type !== eventType) continue;
    if (result.data.payload !== null) found.push({ payload: result.data.payload, typed: true });
    else {
      const error = new ProtocolError(
        'payload_in_file',
        `zf emit ${eventType} reads its payload from ${describeValue(result.data.payloadFile)}, which the message does not contain.`,
        { details: { type: eventType, payloadFile: result.data.payloadFile } },
      );
      found.push({ payload: undefined, typed: true, error });
    }
  }
  return found;
}

/**
 * Find the payload of `eventType` in an agent's message: `zf emit <type>` calls and `{"type","payload"}`
 * envelopes name the type and win over bare JSON objects (on their own line or in a `json` fence); within
 * each group the last valid one wins. Failing that, the error of the last typed, then untyped, candidate.
 */
function createExtract<T>(eventType: string, validate: (value: unknown) => ContractResult<T>) {
  return (text: string, options: ExtractOptions): ContractResult<T> => {
    const all = candidates(eventType, typeof text === 'string' ? text : '', options);
    const notComplete = runNotCompleteOf(options.unwrapLine);
    if (notComplete) return fail(notComplete);
    let typedFailure: ContractResult<T> | undefined;
    let untypedFailure: ContractResult<T> | undefined;
    for (const typed of [true, false]) {
      for (let i = all.length - 1; i >= 0; i--) {
        const candidate = all[i]!;
        if (candidate.typed !== typed) continue;
        const result = candidate.error ? fail(candidate.error) : validate(candidate.payload);
        if (result.success) return result;
        if (typed) typedFailure ??= result;
        else untypedFailure ??= result;
      }
    }
    return (
      typedFailure ??
      untypedFailure ??
      fail(
        new ProtocolError(
          'missing_payload',
          `No ${eventType} payload was found in the agent's message: expected a zf emit ${eventType} --payload '<json>' call or the JSON object on its own line.`,
          { details: { type: eventType } },
        ),
      )
    );
  };
}

/** A ZaoFu event contract: delivered as a `zf emit` payload, rendered as that command. */
export function defineHandoffContract<S extends z.ZodType>(
  spec: HandoffContractSpec<S>,
): Contract<z.output<S>> {
  type T = z.output<S>;
  const schema = spec.schema as unknown as z.ZodType<T>;
  const validate = createValidate(spec.eventType, spec.title, schema);
  const extract = createExtract(spec.eventType, validate);
  return defineContract({
    id: spec.id,
    version: '1.0.0',
    title: spec.title,
    description: spec.description,
    delivery: 'payload',
    schema: spec.schema,
    examples: spec.examples,
    rules: spec.rules,
    validate,
    extract,
    render: (value) => renderZfEmitCommand(spec.eventType, value),
    // The last valid `zf emit` the run's tools executed wins; the final message is read after it. An emit
    // whose success its call's exit status (or, where none was recorded, its output) does not prove answers
    // nothing; it is the error when nothing else is.
    readsUnconfirmedCalls: true,
    readToolCalls: (calls) => {
      const { lines, unproven } = zfEmitToolCalls(calls);
      const fromCalls = lines.length > 0 ? extract(lines.join('\n'), {}) : undefined;
      if (fromCalls !== undefined && (fromCalls.success || fromCalls.error.code !== 'missing_payload'))
        return fromCalls;
      const attempt = unproven.filter((emit) => emit.type === spec.eventType).at(-1);
      return attempt === undefined ? fromCalls : fail(unprovenEmitError(attempt));
    },
  });
}
