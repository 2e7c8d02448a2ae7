import type { z } from 'zod';
import { ConfigError, ProtocolError } from './errors.js';
import { protocolErrorFromZod } from './issues.js';
import { type JsonSchema, type JsonSchemaOptions, toJsonSchema } from './json-schema.js';
import { fail, ok, type Result } from './result.js';
import { findJsonCandidates } from './text/json-candidates.js';
import type { UnwrapLine } from './text/unwrap.js';

/** How an agent delivers a contract: written in its final message, or sent as a JSON payload (tool call). */
export type ContractDelivery = 'text' | 'payload';

export interface ExtractOptions {
  /** Unwraps one runtime event line into the assistant text it carries (see `@skillpack/adapters`). */
  readonly unwrapLine?: UnwrapLine;
}

export interface ContractExample<T> {
  readonly name: string;
  readonly description?: string;
  readonly value: T;
}

export type ContractResult<T> = Result<T, ProtocolError>;

export interface ContractSpec<S extends z.ZodType> {
  /** Stable id `family.name`, for example `conflux.acceptance`. */
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly description: string;
  readonly delivery: ContractDelivery;
  /**
   * Whether a value can be delivered as the whole final message, one JSON object, so that a runtime's
   * structured-output option (Codex `exec --output-schema`) may constrain it. Default: `true` for `text`
   * delivery, `false` for `payload`; `false` for contracts whose invariant is a text block.
   */
  readonly jsonFinalMessage?: boolean;
  readonly schema: S;
  /** Named valid instances; docs render them and tests round-trip them. */
  readonly examples: readonly ContractExample<z.output<S>>[];
  /** Rules an agent must follow beyond the schema, one sentence each (rendered into skills). */
  readonly rules?: readonly string[];
  /** Find and validate the contract in free agent text. Default: the last JSON candidate that validates. */
  readonly extract?: (text: string, options: ExtractOptions) => ContractResult<z.output<S>>;
  /** Validate a value already decoded from JSON. Default: the schema. */
  readonly validate?: (value: unknown) => ContractResult<z.output<S>>;
  /** The exact text an agent writes to deliver a value. Default: one line of JSON. */
  readonly render?: (value: z.output<S>) => string;
  /** A corrective instruction for an agent whose answer failed with `error`. */
  readonly correct?: (error: ProtocolError) => string;
  /** The zod schema the JSON Schema is generated from, when it differs from `schema` (no transforms). */
  readonly jsonSchemaSource?: z.ZodType;
}

export interface Contract<T = unknown> {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly description: string;
  readonly delivery: ContractDelivery;
  /** Whether the whole final message may be one JSON object (see `ContractSpec.jsonFinalMessage`). */
  readonly jsonFinalMessage: boolean;
  readonly schema: z.ZodType<T>;
  readonly examples: readonly ContractExample<T>[];
  readonly rules: readonly string[];
  extract(text: string, options?: ExtractOptions): ContractResult<T>;
  validate(value: unknown): ContractResult<T>;
  render(value: T): string;
  correct(error: ProtocolError): string;
  toJSONSchema(options?: JsonSchemaOptions): JsonSchema;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds contracts of every value type.
export type AnyContract = Contract<any>;

const CONTRACT_ID = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+$/;

function validateWithSchema<T>(schema: z.ZodType<T>, subject: string) {
  return (value: unknown): ContractResult<T> => {
    const parsed = schema.safeParse(value);
    return parsed.success ? ok(parsed.data) : fail(protocolErrorFromZod(parsed.error, subject, value));
  };
}

function extractLastJsonPayload<T>(id: string, validate: (value: unknown) => ContractResult<T>) {
  return (text: string, options: ExtractOptions): ContractResult<T> => {
    const candidates = findJsonCandidates(typeof text === 'string' ? text : '', options.unwrapLine);
    let lastFailure: ContractResult<T> | undefined;
    for (let i = candidates.length - 1; i >= 0; i--) {
      const result = validate(candidates[i]!.value);
      if (result.success) return result;
      lastFailure ??= result;
    }
    return (
      lastFailure ??
      fail(
        new ProtocolError('missing_payload', `No JSON object for ${id} was found in the agent's message.`, {
          details: { contract: id },
        }),
      )
    );
  };
}

function defaultCorrection(title: string, example: string | undefined) {
  return (error: ProtocolError): string =>
    [
      `Your answer does not satisfy the ${title} contract: ${error.message}`,
      example === undefined ? '' : `Write it exactly in this shape, for example:\n${example}`,
    ]
      .filter(Boolean)
      .join('\n');
}

/** Define a contract once; everything else (skills, schemas, parsers, hooks) derives from it. */
export function defineContract<S extends z.ZodType>(spec: ContractSpec<S>): Contract<z.output<S>> {
  type T = z.output<S>;
  if (!CONTRACT_ID.test(spec.id)) {
    throw new ConfigError('invalid_contract_id', `Contract id "${spec.id}" must look like "family.name".`);
  }
  const schema = spec.schema as unknown as z.ZodType<T>;
  const validate = spec.validate ?? validateWithSchema(schema, spec.title);
  const render = spec.render ?? ((value: T) => JSON.stringify(value));
  const firstExample = spec.examples[0];
  const contract: Contract<T> = {
    id: spec.id,
    version: spec.version,
    title: spec.title,
    description: spec.description,
    delivery: spec.delivery,
    jsonFinalMessage: spec.jsonFinalMessage ?? spec.delivery === 'text',
    schema,
    examples: spec.examples,
    rules: spec.rules ?? [],
    extract: (text, options = {}) =>
      (spec.extract ?? extractLastJsonPayload(spec.id, validate))(text, options),
    validate,
    render,
    correct:
      spec.correct ?? defaultCorrection(spec.title, firstExample ? render(firstExample.value) : undefined),
    toJSONSchema: (options) => toJsonSchema(spec.jsonSchemaSource ?? spec.schema, options),
  };
  return Object.freeze(contract);
}
