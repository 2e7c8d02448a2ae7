import type { z } from 'zod';
import type { ProtocolError } from './errors.js';
import type { JsonSchema, JsonSchemaOptions } from './json-schema.js';
import type { Result, Warning } from './result.js';
import type { UnwrapLine } from './text/unwrap.js';

/**
 * How an agent delivers a contract: written in its final message (`text`), sent as a JSON payload through a
 * channel of its own (`payload`, such as ZaoFu `zf emit`), or as the arguments of the pack's submit tool
 * (`tool`, an MCP tool the pack's server exposes).
 */
export const CONTRACT_DELIVERIES = ['text', 'payload', 'tool'] as const;
/** One of `CONTRACT_DELIVERIES`. */
export type ContractDelivery = (typeof CONTRACT_DELIVERIES)[number];

/** Options of a contract's `extract`: how a runtime event line is unwrapped into assistant text. */
export interface ExtractOptions {
  /** Unwraps one runtime event line into the assistant text it carries (see `@skillpack/adapters`). */
  readonly unwrapLine?: UnwrapLine;
}

/** A named example value of a contract: the docs show each, and the first shapes the default correction. */
export interface ContractExample<T> {
  readonly name: string;
  readonly description?: string;
  readonly value: T;
}

/** What reading a contract returns: its typed value, or the `ProtocolError` saying what was expected. */
export type ContractResult<T> = Result<T, ProtocolError>;

/** One tool call a run made, as a contract's `readToolCalls` sees it (the adapters' `ToolActivity` fits). */
export interface ContractToolCall {
  /** The runtime's tool name, for example `Bash`, `shell` or `command_execution`. */
  readonly name: string;
  readonly input: unknown;
  /**
   * `completed` (the runtime recorded that it succeeded: a shell command exited 0), `unconfirmed` (it ended, but
   * the runtime recorded no exit status, so whether it succeeded is not known: only its `output` can show what it
   * did), `error`, `declined`, `pending` or `running`.
   */
  readonly status: string;
  /**
   * The call's output as the runtime recorded it, cut to a bound; read paths give it at least for `unconfirmed`
   * calls.
   */
  readonly output?: string | undefined;
  /** Whether a subagent made the call: a tool-delivered contract's answer is the agent's own submit call. */
  readonly subagent?: boolean;
  /**
   * Whether the call came before the last prompt a person wrote in the session (a transcript holds them all):
   * a tool-delivered contract's answer is a call made for the prompt it answers.
   */
  readonly earlierPrompt?: boolean;
}

/**
 * Where a contract's zod-free read lives: the module `module` (a package specifier, resolved where the pack is
 * built, as `@skillpack/core/contract-lists/*` is) exports `name`, a function `(text: string) => boolean` that
 * holds exactly when `judge(extract(text))` is satisfied and whose module graph loads no zod. A generated
 * Stop hook decides a satisfied stop with it, loading no schema.
 */
export interface PlainRead {
  readonly module: string;
  readonly name: string;
  /**
   * Schemas the read validates with, derived when a pack is built: `name` is then a factory given, under the
   * same keys, each one's `CompiledSchema`.
   */
  readonly validators?: () => Readonly<Record<string, z.ZodType>>;
  /**
   * The refinement functions those schemas attach (`.refine(fn)`, `.check(fn)`), which `module` also exports
   * under these names: the generated predicates call them.
   */
  readonly refinements?: Readonly<Record<string, unknown>>;
  /**
   * The name of another export of `module`, a function `(text: string) => UnattemptedFailure | undefined`: the
   * code and message of the error `judge(extract(text))` fails with when the contract's `isAttempt` does not
   * count that error (the text holds no answer of it), and `undefined` for every other text. A generated Stop
   * hook words a stop that attempts none of its contracts with it, loading no schema.
   */
  readonly unattempted?: string;
}

/** The error a contract's read gives a text that attempts no answer of it: its code and message. */
export interface UnattemptedFailure {
  readonly code: string;
  readonly message: string;
}

/**
 * What a pack's build derives from one of a `PlainRead`'s schemas: the predicate generated from it (true
 * exactly when its `safeParse` succeeds), or `null` when the generator cannot compile it exactly (the read
 * must then answer `false`, and the whole hook decides); and an object schema's keys, in shape order.
 */
export interface CompiledSchema {
  readonly accepts: ((value: unknown) => boolean) | null;
  readonly keys: readonly string[] | null;
}

/**
 * A defined contract: its identity, how it is delivered and rendered, and the functions that read, validate
 * and correct its value.
 */
export interface Contract<T = unknown> {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly description: string;
  readonly delivery: ContractDelivery;
  /** The submit tool's name, present only for `tool` delivery (see `ContractSpec.toolName`). */
  readonly toolName?: string;
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
  /** Present when the contract can also be delivered through tool calls; see `ContractSpec.readToolCalls`. */
  readonly readToolCalls?: (calls: readonly ContractToolCall[]) => ContractResult<T> | undefined;
  isAttempt(error: ProtocolError): boolean;
  /** A success whose value the contract rejects (a fallback) becomes a failure; anything else passes through. */
  judge(result: ContractResult<T>): ContractJudgement<T>;
  toCanonicalJson(value: T): unknown;
  /** Present when the contract has a zod-free read; see `ContractSpec.plainRead`. */
  readonly plainRead?: PlainRead;
}

/** Whether one contract's result is the answer the contract asks for; a rejected value is kept. */
export type ContractJudgement<T = unknown> =
  | { readonly satisfied: true; readonly value: T; readonly warnings: readonly Warning[] }
  | { readonly satisfied: false; readonly error: ProtocolError; readonly value?: T };

/** A contract of any value type, as registries and hooks hold them. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds contracts of every value type.
export type AnyContract = Contract<any>;
