import type { z } from 'zod';
import { isAnsweringCall } from './answering-call.js';
import {
  type AnyContract,
  CONTRACT_DELIVERIES,
  type Contract,
  type ContractDelivery,
  type ContractExample,
  type ContractJudgement,
  type ContractResult,
  type ContractToolCall,
  type ExtractOptions,
  type PlainRead,
} from './contract.js';
import { contractIdProblem } from './contract-id.js';
import { ConfigError, describeValue, ProtocolError } from './errors.js';
import { protocolErrorFromZod } from './issues.js';
import { extractLastJsonPayload } from './json-payload.js';
import { toJsonSchema } from './json-schema.js';
import { fail, ok, type Warning } from './result.js';
import { readLastSubmission, submitArguments, submitOnlyExtract } from './submission.js';
import { defaultToolName, toolNameProblem } from './tool-name.js';
import { branchOf, chosenBranch, correctionExamples, isUnrelatedObject } from './union-branch.js';

/**
 * The one place a contract's tool-call channel is narrowed to the calls that may answer: those that completed
 * (and, for a contract that proves them itself, those `unconfirmed`), the agent's own, made for the prompt being
 * answered (`isAnsweringCall`).
 */
function answeringCallsOnly<R>(
  read: (calls: readonly ContractToolCall[]) => R,
  withUnconfirmed: boolean,
): (calls: readonly ContractToolCall[]) => R {
  const ended = (status: unknown) => status === 'completed' || (withUnconfirmed && status === 'unconfirmed');
  return (calls) =>
    read(Array.isArray(calls) ? calls.filter((call) => ended(call?.status) && isAnsweringCall(call)) : []);
}

/**
 * What `defineContract` takes: the schema, identity and rendering of a contract, and the capabilities it
 * needs.
 */
export interface ContractSpec<S extends z.ZodType> {
  /** Stable id `family.name`, for example `conflux.acceptance`. */
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly description: string;
  readonly delivery: ContractDelivery;
  /**
   * The name of the submit tool of a `tool`-delivered contract (`TOOL_NAME_PATTERN`). Default:
   * `submit_` and the id with `.` and `-` made `_` (`conflux.acceptance` -> `submit_conflux_acceptance`).
   */
  readonly toolName?: string;
  /**
   * Whether a value can be delivered as the whole final message, one JSON object, so that a runtime's
   * structured-output option (Codex `exec --output-schema`) may constrain it. Default: `true` for `text`
   * delivery, `false` for `payload` and `tool`; `false` for contracts whose invariant is a text block.
   */
  readonly jsonFinalMessage?: boolean;
  readonly schema: S;
  /**
   * Named valid instances; docs render them and tests round-trip them. `defineContract` throws a `ConfigError`
   * (`invalid_contract_example`) for one the contract rejects.
   */
  readonly examples: readonly ContractExample<z.output<S>>[];
  /** Rules an agent must follow beyond the schema, one sentence each (rendered into skills). */
  readonly rules?: readonly string[];
  /** Find and validate the contract in free agent text. Default: `extractLastJsonPayload` (json-payload.ts). */
  readonly extract?: (text: string, options: ExtractOptions) => ContractResult<z.output<S>>;
  /** Validate a value already decoded from JSON. Default: the schema. */
  readonly validate?: (value: unknown) => ContractResult<z.output<S>>;
  /** The exact text an agent writes to deliver a value. Default: one line of JSON. */
  readonly render?: (value: z.output<S>) => string;
  /** A corrective instruction for an agent whose answer failed with `error`. */
  readonly correct?: (error: ProtocolError) => string;
  /** The zod schema the JSON Schema is generated from, when it differs from `schema` (no transforms). */
  readonly jsonSchemaSource?: z.ZodType;
  /**
   * Read the contract from the tool calls a run made, a channel besides the final message (for example a
   * command the agent runs to deliver a payload). `undefined` when no call carries it. It is given only the
   * calls that completed (and the `unconfirmed` ones with `readsUnconfirmedCalls`): one still pending or running
   * when the run ended, or that failed or was declined, delivered nothing; only the agent's own (a `subagent` call
   * answered the agent that spawned it); and only those of the last prompt a person wrote (`earlierPrompt` calls
   * answered an earlier one). Default for `tool` delivery: the last submit call the contract accepts (a failed
   * submit is the attempt it answers with when none is accepted).
   */
  readonly readToolCalls?: (calls: readonly ContractToolCall[]) => ContractResult<z.output<S>> | undefined;
  /**
   * Whether `readToolCalls` is also given the `unconfirmed` calls (ended, with no exit status recorded; see
   * `ContractToolCall.status`), to prove from their `output` what they did. Default `false`: a call whose
   * success is not known delivers nothing.
   */
  readonly readsUnconfirmedCalls?: boolean;
  /**
   * Whether a failure still shows the agent tried to answer (`--enforce attempted` checks only those stops).
   * Default: every failure but `missing_payload`, the code of a message with no trace of the contract, and
   * one whose JSON object shares no key with the schema (`details.unrelated`, set by the default `validate`).
   */
  readonly isAttempt?: (error: ProtocolError) => boolean;
  /**
   * The error for a parsed value the agent did not write (a fallback the parser derived from free text);
   * such a value parses but never satisfies the contract. Default: every value satisfies it.
   */
  readonly rejectValue?: (value: z.output<S>, warnings: readonly Warning[]) => ProtocolError | undefined;
  /** The JSON form a CLI prints for a value, when it differs from the value (parse metadata dropped). */
  readonly toCanonicalJson?: (value: z.output<S>) => unknown;
  /** A read of the final message that loads no zod, for a generated hook's fast path (see `PlainRead`). */
  readonly plainRead?: PlainRead;
}

/** Marks values made by `defineContract`; `Symbol.for`, so two copies of this package agree. */
const CONTRACT_BRAND: unique symbol = Symbol.for('skillpack.contract') as never;

/** Marks contracts read by their schema alone: text delivery, the default `extract` and `validate`, no `rejectValue`. */
const SCHEMA_ALONE: unique symbol = Symbol.for('skillpack.contract.schemaAlone') as never;

/**
 * Whether `contract` is satisfied exactly by the values its schema accepts in a JSON object of the final
 * message: its `extract` and `validate` are the defaults and it rejects no value its schema accepts. A hook
 * may then decide a satisfied stop with a validator derived from the schema alone.
 */
export function readsBySchemaAlone(contract: AnyContract): boolean {
  return (contract as unknown as Record<symbol, unknown>)[SCHEMA_ALONE] === true;
}

/** Whether `value` is a contract made by `defineContract` (from any copy of `@skillpack/core`). */
export function isContract(value: unknown): value is AnyContract {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[CONTRACT_BRAND] === true
  );
}

function validateWithSchema<T>(schema: z.ZodType<T>, subject: string) {
  return (value: unknown): ContractResult<T> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return ok(parsed.data);
    const error = protocolErrorFromZod(parsed.error, subject, value);
    // A discriminated union records the branch the answer chose, so its correction shows that branch; an
    // object sharing no key with the schema is marked unrelated, which the default `isAttempt` does not count.
    const branch = chosenBranch(schema, value);
    const unrelated = isUnrelatedObject(schema, value);
    if (!branch && !unrelated) return fail(error);
    const details = { ...error.details, ...(branch ? { branch } : {}), ...(unrelated ? { unrelated } : {}) };
    return fail(new ProtocolError(error.code, error.message, { details }));
  };
}

/** How a correction shows the answer: the text to write, or the arguments of the submit tool to call. */
interface CorrectionShape<T> {
  readonly show: (value: T) => string;
  readonly one: string;
  readonly several: string;
}

function textShape<T>(render: (value: T) => string): CorrectionShape<T> {
  return {
    show: render,
    one: 'Write it exactly in this shape, for example:',
    several: 'Write it exactly in one of these shapes, for example:',
  };
}

function toolShape<T>(toolName: string, asArguments: (value: T) => unknown): CorrectionShape<T> {
  return {
    show: (value) => JSON.stringify(asArguments(value)),
    one: `Call the ${toolName} tool with arguments exactly in this shape, for example:`,
    several: `Call the ${toolName} tool with arguments exactly in one of these shapes, for example:`,
  };
}

function defaultCorrection<T>(
  title: string,
  schema: z.ZodType,
  examples: readonly ContractExample<T>[],
  shape: CorrectionShape<T>,
) {
  return (error: ProtocolError): string => {
    const shown = correctionExamples(schema, examples, branchOf(error.details ?? {})).map(shape.show);
    const text =
      shown.length === 0
        ? ''
        : shown.length === 1
          ? `${shape.one}\n${shown[0]}`
          : `${shape.several}\n${shown.join('\n')}`;
    return [`Your answer does not satisfy the ${title} contract: ${error.message}`, text]
      .filter(Boolean)
      .join('\n');
  };
}

/** Define a contract once; everything else (skills, schemas, parsers, hooks) derives from it. */
export function defineContract<S extends z.ZodType>(spec: ContractSpec<S>): Contract<z.output<S>> {
  type T = z.output<S>;
  const idProblem = contractIdProblem(spec.id);
  if (idProblem !== undefined) throw new ConfigError('invalid_contract_id', idProblem);
  const toolName = checkedDelivery(spec);
  const schema = spec.schema as unknown as z.ZodType<T>;
  const validate = spec.validate ?? validateWithSchema(schema, spec.title);
  const render = spec.render ?? ((value: T) => JSON.stringify(value));
  const rejectValue = spec.rejectValue;
  const judge = (result: ContractResult<T>): ContractJudgement<T> => {
    if (!result.success) return { satisfied: false, error: result.error };
    const warnings = result.warnings ?? [];
    const rejected = rejectValue?.(result.data, warnings);
    return rejected
      ? { satisfied: false, error: rejected, value: result.data }
      : { satisfied: true, value: result.data, warnings };
  };
  const extract =
    spec.extract ??
    (toolName === undefined
      ? extractLastJsonPayload(spec.id, validate)
      : submitOnlyExtract(spec.id, toolName, validate));
  // A tool-delivered contract reads its submit calls itself: a failed one is an attempt, not nothing.
  const submitCalls =
    toolName === undefined
      ? undefined
      : (calls: readonly ContractToolCall[]) => readLastSubmission(contract, toolName, calls);
  const contract: Contract<T> = {
    id: spec.id,
    version: spec.version,
    title: spec.title,
    description: spec.description,
    delivery: spec.delivery,
    ...(toolName === undefined ? {} : { toolName }),
    jsonFinalMessage: spec.jsonFinalMessage ?? spec.delivery === 'text',
    schema,
    examples: spec.examples,
    rules: spec.rules ?? [],
    extract: (text, options = {}) => extract(text, options),
    validate,
    render,
    correct:
      spec.correct ??
      defaultCorrection(
        spec.title,
        spec.schema,
        spec.examples,
        toolName === undefined
          ? textShape(render)
          : toolShape(toolName, (value) => submitArguments(contract, value)),
      ),
    toJSONSchema: (options) => toJsonSchema(spec.jsonSchemaSource ?? spec.schema, options),
    ...(spec.readToolCalls
      ? { readToolCalls: answeringCallsOnly(spec.readToolCalls, spec.readsUnconfirmedCalls === true) }
      : submitCalls
        ? { readToolCalls: submitCalls }
        : {}),
    isAttempt:
      spec.isAttempt ?? ((error) => error.code !== 'missing_payload' && error.details.unrelated !== true),
    judge,
    toCanonicalJson: spec.toCanonicalJson ?? ((value) => value),
    ...(spec.plainRead ? { plainRead: spec.plainRead } : {}),
  };
  for (const example of spec.examples) refuseInvalidExample(spec.id, example, judge(validate(example.value)));
  Object.defineProperty(contract, CONTRACT_BRAND, { value: true });
  // A tool-delivered contract's answer is a submit call, never a JSON object of the text.
  if (!spec.extract && !spec.validate && !rejectValue && toolName === undefined)
    Object.defineProperty(contract, SCHEMA_ALONE, { value: true });
  return Object.freeze(contract);
}

/** The spec's delivery, checked, and the submit tool name of a `tool` delivery. */
function checkedDelivery(spec: ContractSpec<z.ZodType>): string | undefined {
  const { id, delivery, toolName } = spec;
  if (!(CONTRACT_DELIVERIES as readonly unknown[]).includes(delivery)) {
    throw new ConfigError(
      'invalid_contract_delivery',
      `Contract "${id}" delivery ${describeValue(delivery)} is not valid: expected one of ${CONTRACT_DELIVERIES.map((known) => `"${known}"`).join(', ')}, for example delivery: "text". Fix: pick the way the agent delivers the answer.`,
      { details: { contract: id, expected: [...CONTRACT_DELIVERIES] } },
    );
  }
  if (delivery !== 'tool') {
    if (toolName === undefined) return undefined;
    throw new ConfigError(
      'invalid_tool_name',
      `Contract "${id}" gives a toolName, but its delivery is "${delivery}": only a contract with delivery "tool" has a submit tool. Fix: remove toolName, or set delivery: "tool".`,
      { details: { contract: id } },
    );
  }
  const name = toolName ?? defaultToolName(id);
  const problem = typeof name === 'string' ? toolNameProblem(id, name, toolName !== undefined) : undefined;
  if (typeof name !== 'string' || problem !== undefined) {
    throw new ConfigError(
      'invalid_tool_name',
      problem ?? `Contract "${id}" toolName must be a string; received ${describeValue(name)}.`,
      { details: { contract: id } },
    );
  }
  return name;
}

/**
 * An example is shown to agents as the exact text to write, so one its own contract rejects is an author's
 * mistake, refused when the contract is defined.
 */
function refuseInvalidExample<T>(
  id: string,
  example: ContractExample<T>,
  judged: ContractJudgement<T>,
): void {
  if (judged.satisfied) return;
  const { error } = judged;
  throw new ConfigError(
    'invalid_contract_example',
    `Contract "${id}" example "${example.name}" does not satisfy the contract: ${error.message} Fix: correct the example, or the schema if the example is right; skills show every example as the exact text to write.`,
    {
      details: {
        contract: id,
        example: example.name,
        ...(error.details.issues === undefined ? {} : { issues: error.details.issues }),
        errorCode: error.code,
      },
      cause: error,
    },
  );
}
