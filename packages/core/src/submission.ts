import { isAnsweringCall } from './answering-call.js';
import type { AnyContract, Contract, ContractResult, ContractToolCall, ExtractOptions } from './contract.js';
import { ProtocolError } from './errors.js';
import { extractLastJsonPayload } from './json-payload.js';
import { type JsonSchema, toOpenAiStrictSchema } from './json-schema.js';
import { fail } from './result.js';
import { RUN_NOT_COMPLETE } from './text/unwrap.js';

/** The property a submit tool's arguments carry the answer in when the answer is not one object. */
export const SUBMIT_ANSWER_KEY = 'answer';

/** The dialect a submit tool's input schema is listed in: standard JSON Schema, or OpenAI's strict subset (Codex). */
export type ToolSchemaDialect = 'standard' | 'openai';

/**
 * Whether an input schema needs wrapping to be a tool's: MCP and the model APIs take an object at the root,
 * so a union, an array or a scalar travels as `{ "answer": … }`.
 */
export function isWrappedSubmitSchema(schema: JsonSchema): boolean {
  return !(schema.type === 'object' && schema.anyOf === undefined && schema.oneOf === undefined);
}

const wrappedByContract = new WeakMap<AnyContract, boolean>();

/** Whether the contract's submit tool takes its answer wrapped in `{ answer }` (computed once per contract). */
function wrapsAnswer(contract: AnyContract): boolean {
  let wraps = wrappedByContract.get(contract);
  if (wraps === undefined) {
    wraps = isWrappedSubmitSchema(contract.toJSONSchema({ io: 'input' }));
    wrappedByContract.set(contract, wraps);
  }
  return wraps;
}

/** A schema that is not an object at the root, as the object `{ answer }`; its `$defs` stay at the root. */
function wrapped(schema: JsonSchema): JsonSchema {
  const { $defs, ...answer } = schema;
  return {
    type: 'object',
    properties: { [SUBMIT_ANSWER_KEY]: answer },
    required: [SUBMIT_ANSWER_KEY],
    additionalProperties: false,
    ...($defs === undefined ? {} : { $defs }),
  };
}

/**
 * The input schema of a tool-delivered contract's submit tool: the contract's input JSON Schema (without
 * `$schema`), wrapped in `{ answer }` when its root is not an object, in OpenAI's strict subset for `openai`.
 */
export function submitToolInputSchema(
  contract: AnyContract,
  dialect: ToolSchemaDialect = 'standard',
): JsonSchema {
  const { $schema: _dialect, ...schema } = contract.toJSONSchema({ io: 'input' });
  const root = isWrappedSubmitSchema(schema) ? wrapped(schema) : schema;
  return dialect === 'openai' ? toOpenAiStrictSchema(root) : root;
}

/** The submit tool's arguments that deliver `value`: itself, or `{ answer: value }` when the schema wraps it. */
export function submitArguments(contract: AnyContract, value: unknown): unknown {
  return wrapsAnswer(contract) ? { [SUBMIT_ANSWER_KEY]: value } : value;
}

/** A tool-delivered contract's submit tool: its name, its input schema, and the arguments that deliver a value. */
export interface ContractSubmitTool {
  readonly name: string;
  /** The input schema in the dialect asked for (see `submitToolInputSchema`). */
  readonly inputSchema: JsonSchema;
  /** The arguments of a call that delivers `value`: itself, or `{ answer: value }` when the schema wraps it. */
  argumentsOf(value: unknown): unknown;
}

/** The submit tool of a contract delivered as a tool, its input schema in `dialect`; `undefined` for any other. */
export function submitTool(
  contract: AnyContract,
  dialect: ToolSchemaDialect = 'standard',
): ContractSubmitTool | undefined {
  if (contract.toolName === undefined) return undefined;
  return {
    name: contract.toolName,
    inputSchema: submitToolInputSchema(contract, dialect),
    argumentsOf: (value) => submitArguments(contract, value),
  };
}

/** `value` with every object property whose value is `null` removed, at any depth. */
function withoutNullProperties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullProperties);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, property]) => property !== null)
      .map(([key, property]) => [key, withoutNullProperties(property)]),
  );
}

function hasNullProperty(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasNullProperty);
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((property) => property === null || hasNullProperty(property));
}

/**
 * Read a submit tool call's arguments as the contract's value: unwrapped from `{ answer }` when the tool's
 * schema wraps it, then validated by the contract. OpenAI strict mode makes every optional property
 * required and nullable, so an answer that fails with `null` properties is validated once more without them.
 */
export function readSubmission<T>(contract: Contract<T>, args: unknown): ContractResult<T> {
  const wraps = wrapsAnswer(contract);
  const isObject = typeof args === 'object' && args !== null && !Array.isArray(args);
  const value = !wraps
    ? args
    : isObject && Object.hasOwn(args, SUBMIT_ANSWER_KEY)
      ? (args as Record<string, unknown>)[SUBMIT_ANSWER_KEY]
      : undefined;
  if (value === undefined && wraps) {
    return fail(
      new ProtocolError(
        'missing_payload',
        `The ${contract.toolName ?? 'submit'} tool takes the ${contract.title} answer as {"${SUBMIT_ANSWER_KEY}": …}; its arguments have no "${SUBMIT_ANSWER_KEY}".`,
        { details: { contract: contract.id } },
      ),
    );
  }
  const result = contract.judge(contract.validate(value));
  if (result.satisfied) return { success: true, data: result.value, warnings: result.warnings };
  if (hasNullProperty(value)) {
    const retried = contract.judge(contract.validate(withoutNullProperties(value)));
    if (retried.satisfied) return { success: true, data: retried.value, warnings: retried.warnings };
  }
  return fail(result.error);
}

/**
 * Whether a run's tool call is the submit tool `toolName`. A runtime names an MCP server's tool its own way
 * (`mcp__<server>__<tool>`, `<server>_<tool>`, …): the adapters' readers give such a call the tool's own name
 * before a contract reads it (their `submitCallsOf`), so the name is matched exactly here.
 */
export function isSubmitCall(name: unknown, toolName: string): boolean {
  return name === toolName;
}

/** A submit call the runtime reports as failed although its value satisfies the contract. */
function failedCall(contract: AnyContract, toolName: string, status: string): ProtocolError {
  return new ProtocolError(
    'submit_failed',
    `The ${toolName} call ended "${status}", so it delivered nothing; call ${toolName} again with the answer.`,
    { details: { contract: contract.id, tool: toolName, status } },
  );
}

/**
 * The answer of a tool-delivered contract: the agent's last submit call (not a subagent's, nor one made before
 * the last prompt a person wrote) that completed and satisfies the contract; else the failure of the last submit call that completed or failed (the server
 * answers a wrong value as a tool error, which runtimes report as a failed call); `undefined` when there is
 * none. A call still pending or running, or declined, delivered nothing and attempted nothing.
 */
export function readLastSubmission<T>(
  contract: Contract<T>,
  toolName: string,
  calls: readonly ContractToolCall[],
): ContractResult<T> | undefined {
  if (!Array.isArray(calls)) return undefined;
  let lastFailure: ContractResult<T> | undefined;
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i];
    if (!isSubmitCall(call?.name, toolName) || !isAnsweringCall(call)) continue;
    if (call.status !== 'completed' && call.status !== 'error') continue;
    const result = readSubmission(contract, call.input);
    if (result.success && call.status === 'completed') return result;
    lastFailure ??= result.success ? fail(failedCall(contract, toolName, call.status)) : result;
  }
  return lastFailure;
}

/**
 * The `extract` of a tool-delivered contract: its answer is never text. A final message that writes the
 * answer (or tries to) is an attempt that did not call the tool (`submit_not_called`); one without a trace of
 * it is `missing_payload`.
 */
export function submitOnlyExtract<T>(
  id: string,
  toolName: string,
  validate: (value: unknown) => ContractResult<T>,
) {
  const fromText = extractLastJsonPayload(id, validate);
  return (text: string, options: ExtractOptions): ContractResult<T> => {
    const written = fromText(text, options);
    if (!written.success && written.error.code === RUN_NOT_COMPLETE) return written;
    const missing = !written.success && written.error.code === 'missing_payload';
    if (missing || (!written.success && written.error.details.unrelated === true)) {
      return fail(
        new ProtocolError(
          'missing_payload',
          `No call of the ${toolName} tool delivered ${id}; expected the answer as that tool's arguments.`,
          { details: { contract: id, tool: toolName } },
        ),
      );
    }
    return fail(
      new ProtocolError(
        'submit_not_called',
        `The answer to ${id} was written as text, but it is delivered only by calling the ${toolName} tool; call ${toolName} with it.`,
        { details: { contract: id, tool: toolName } },
      ),
    );
  };
}
