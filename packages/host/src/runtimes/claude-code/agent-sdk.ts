// Claude Agent SDK 0.3.328 (Claude Code 2.1.328 inside): the host code of a contract, on the SDK's own objects
// and with no import of it. Facts (reference/sdk-hosts.md §1): `hooks.Stop` callbacks get
// `last_assistant_message` and block with `{decision: 'block', reason}`; the CLI honours 8 consecutive blocks
// and overrides the 9th (result `""`); with `outputFormat` the Stop hook gets no message and its block is
// ignored, so a `PreToolUse` hook on `StructuredOutput` judges the value instead (its denials count toward
// the CLI's 5 structured-output retries); `$schema` in the schema makes the CLI exit 1; after an error
// result the iterator throws. `query()` yields the CLI's stream-json lines parsed, read here by the same
// engine as `claude -p` output.
import { type ReadAgentRunOptions, readAgentRun } from '@skillpack/adapters';
import {
  ConfigError,
  type Contract,
  ProtocolError as ContractError,
  type ContractResult,
  type ProtocolError,
} from '@skillpack/core';
import type { RunContractResult } from '../../run-contract.js';
import { blockBudget, isAbort, type SdkAnswer, SessionBlocks, sdkRunResult } from '../../sdk-run.js';

/** The blocks in a row Claude Code 2.1 honours; it overrides the next one and ends the turn with no answer. */
export const CLAUDE_STOP_BLOCK_CAP = 8;
/** The default block budget of `withContract`: the first answer plus two corrections. */
export const DEFAULT_MAX_BLOCKS = 2;
/** The tool `outputFormat` declares; its input is the structured answer. */
export const STRUCTURED_OUTPUT_TOOL = 'StructuredOutput';
/** The CLI's limit of `StructuredOutput` calls in one run (default 5), set to the block budget plus one. */
export const STRUCTURED_RETRIES_VARIABLE = 'MAX_STRUCTURED_OUTPUT_RETRIES';
const STOP_FEEDBACK = 'Stop hook feedback:\n';
const SDK_COMMAND = ['@anthropic-ai/claude-agent-sdk', 'query'] as const;

/** Options of `withContract`. */
export interface ClaudeContractOptions {
  /**
   * Corrections in a row per session before the answer is let through (and read as a failure): default 2,
   * at most 8 (Claude Code overrides a 9th block itself).
   */
  readonly maxBlocks?: number;
  /**
   * Ask for the answer through the SDK's `outputFormat` (the contract's JSON Schema) and judge it with a
   * `PreToolUse` gate on `StructuredOutput` instead of the Stop hook. For a contract whose answer is one
   * JSON value (`jsonFinalMessage`); a `ConfigError` for any other.
   */
  readonly structured?: boolean;
}

/** A hook callback as the SDK calls it (`HookCallback`). */
export type ClaudeHookCallback = (
  input: unknown,
  toolUseId: string | undefined,
  options: { readonly signal: AbortSignal },
) => Promise<ClaudeHookOutput>;

/** What the contract's callbacks return: nothing (let it go), a Stop block, or a `PreToolUse` denial. */
export type ClaudeHookOutput =
  | Record<string, never>
  | { decision: 'block'; reason: string }
  | {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse';
        permissionDecision: 'deny';
        permissionDecisionReason: string;
      };
    };

/** A hook matcher as the SDK takes it (`HookCallbackMatcher`). */
export interface ClaudeHookMatcher {
  matcher?: string;
  hooks: ClaudeHookCallback[];
}

interface HookInput {
  readonly session_id?: unknown;
  readonly last_assistant_message?: unknown;
  readonly tool_input?: unknown;
}

const field = (input: unknown): HookInput =>
  typeof input === 'object' && input !== null ? (input as HookInput) : {};

/** The contract's verdict on a text answer. */
function judgeText<T>(contract: Contract<T>, text: string) {
  return contract.judge(contract.extract(text));
}

/** The contract's verdict on a structured value. */
function judgeValue<T>(contract: Contract<T>, value: unknown) {
  return contract.judge(contract.validate(value) as ContractResult<T>);
}

/** The contract's JSON Schema as `outputFormat` takes it: the input side, without `$schema`. */
export function claudeOutputFormat(contract: Contract<unknown>) {
  const { $schema: _dialect, ...schema } = contract.toJSONSchema({ io: 'input' });
  return { type: 'json_schema' as const, schema };
}

/**
 * The host's `query()` options with `contract` added: a Stop hook that reads `last_assistant_message` with
 * the contract and blocks with its correction, at most `maxBlocks` times in a row per session (kept in
 * memory, below Claude Code's own cap); with `structured: true`, `outputFormat` from the contract and a
 * `PreToolUse` gate on `StructuredOutput` that denies a wrong value with the same correction. The hooks
 * already in `options` are kept, before the contract's. A callback never throws: it lets the answer go,
 * and `readClaudeMessages` judges the run.
 */
export function withContract<O extends object>(
  options: O,
  contract: Contract<unknown>,
  settings: ClaudeContractOptions = {},
): O {
  if (settings.structured && !contract.jsonFinalMessage) {
    throw new ConfigError(
      'invalid_option',
      `Option structured of withContract needs a contract whose answer is one JSON value (jsonFinalMessage); ${contract.id} is not.`,
      { details: { option: 'structured', contract: contract.id } },
    );
  }
  const maxBlocks = blockBudget(
    settings.maxBlocks,
    DEFAULT_MAX_BLOCKS,
    CLAUDE_STOP_BLOCK_CAP,
    'withContract',
  );
  const budget = new SessionBlocks(maxBlocks);
  const sessionOf = (input: HookInput) => (typeof input.session_id === 'string' ? input.session_id : '');
  const decide = (input: HookInput, judged: ReturnType<typeof judgeText>) => {
    const session = sessionOf(input);
    if (judged.satisfied) {
      budget.clear(session);
      return undefined;
    }
    return budget.claim(session) ? contract.correct(judged.error) : undefined;
  };
  const stop: ClaudeHookCallback = async (raw): Promise<ClaudeHookOutput> => {
    try {
      const input = field(raw);
      const text = typeof input.last_assistant_message === 'string' ? input.last_assistant_message : '';
      const reason = decide(input, judgeText(contract, text));
      return reason === undefined ? {} : { decision: 'block', reason };
    } catch {
      return {};
    }
  };
  const gate: ClaudeHookCallback = async (raw): Promise<ClaudeHookOutput> => {
    try {
      const input = field(raw);
      const reason = decide(input, judgeValue(contract, input.tool_input));
      if (reason === undefined) return {};
      return {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: reason,
        },
      };
    } catch {
      return {};
    }
  };
  const own = (options as { hooks?: Record<string, ClaudeHookMatcher[] | undefined> }).hooks ?? {};
  const hooks: Record<string, ClaudeHookMatcher[] | undefined> = { ...own };
  if (settings.structured) {
    hooks.PreToolUse = [...(own.PreToolUse ?? []), { matcher: STRUCTURED_OUTPUT_TOOL, hooks: [gate] }];
    // The CLI's own schema check denies too (5 calls by default): hold it to the same budget. `env`
    // replaces the child's environment, so an absent one stands for this process's.
    const env = (options as { env?: Record<string, string | undefined> }).env ?? process.env;
    const retries = { [STRUCTURED_RETRIES_VARIABLE]: String(maxBlocks + 1) };
    return { ...options, hooks, outputFormat: claudeOutputFormat(contract), env: { ...env, ...retries } };
  }
  hooks.Stop = [...(own.Stop ?? []), { hooks: [stop] }];
  return { ...options, hooks };
}

/** Options of `readClaudeMessages`. */
export interface ReadClaudeMessagesOptions {
  /** The prompt the query was started with, recorded as the first attempt's `input`. */
  readonly prompt?: string;
  /** The signal of the query's `abortController`: a throw after it aborted is `aborted`. */
  readonly signal?: AbortSignal;
  /** Called with each message as it arrives, before it is read. */
  readonly onMessage?: (message: object) => void;
  /** Reader options (`keepMessages`, `keepTools`, `maxToolOutputChars`, …). */
  readonly read?: Omit<ReadAgentRunOptions, 'runtime'>;
}

interface Block {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly name?: unknown;
  readonly id?: unknown;
  readonly input?: unknown;
  readonly tool_use_id?: unknown;
  readonly is_error?: unknown;
  readonly content?: unknown;
}

function blocksOf(message: object): readonly Block[] {
  const content = (message as { message?: { content?: unknown } }).message?.content;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as Block[]) : [];
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: Block) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** The answers a run corrected, seen in its messages: Stop-hook feedback and denied `StructuredOutput` calls. */
function createAnswerLog<T>(contract: Contract<T>, prompt: string) {
  const answers: SdkAnswer[] = [];
  const structuredCalls = new Map<string, unknown>();
  let lastText: string | undefined;
  let startedAt = Date.now();
  let structured = false;
  const push = (answer: string | undefined, correction: string, error: ProtocolError) => {
    const endedAt = Date.now();
    const input = answers.at(-1)?.correction ?? prompt;
    answers.push({ input, correction, answer, error, startedAt, endedAt });
    startedAt = endedAt;
  };
  const errorOf = (judged: { satisfied: boolean; error?: ProtocolError }, correction: string) =>
    judged.error ?? new ContractError('blocked', correction);
  return {
    answers,
    structured: () => structured,
    observe(message: object) {
      const { type, parent_tool_use_id: parent } = message as {
        type?: unknown;
        parent_tool_use_id?: unknown;
      };
      if (typeof parent === 'string') return;
      if (type === 'assistant') {
        const texts: string[] = [];
        for (const block of blocksOf(message)) {
          if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
          if (
            block.type === 'tool_use' &&
            block.name === STRUCTURED_OUTPUT_TOOL &&
            typeof block.id === 'string'
          ) {
            structured = true;
            structuredCalls.set(block.id, block.input);
          }
        }
        if (texts.length > 0) lastText = texts.join('');
        return;
      }
      if (type !== 'user') return;
      for (const block of blocksOf(message)) {
        if (block.type === 'text' && typeof block.text === 'string' && block.text.startsWith(STOP_FEEDBACK)) {
          const correction = block.text.slice(STOP_FEEDBACK.length);
          push(lastText, correction, errorOf(judgeText(contract, lastText ?? ''), correction));
        }
        if (
          block.type === 'tool_result' &&
          typeof block.tool_use_id === 'string' &&
          block.is_error === true
        ) {
          if (!structuredCalls.has(block.tool_use_id)) continue;
          const value = structuredCalls.get(block.tool_use_id);
          const correction = textOf(block.content);
          push(JSON.stringify(value), correction, errorOf(judgeValue(contract, value), correction));
        }
      }
    },
  };
}

/**
 * Read a Claude Agent SDK run (the `query()` itself, or any iterable of its messages) as they arrive into
 * the `RunContractResult` `runContract` returns: the typed value, the attempts (each corrected answer and
 * the final one), usage and the run, read by the same engine as `claude -p` stream-json. Never throws for
 * what the run did: the iterator's throw after an error result ends the read with what came before; a run
 * the CLI ended after its block cap or with `error_max_structured_output_retries` is `attempts_exhausted`;
 * `structured_output` is read when the run has one.
 */
export async function readClaudeMessages<T>(
  messages: AsyncIterable<object> | Iterable<object>,
  contract: Contract<T>,
  options: ReadClaudeMessagesOptions = {},
): Promise<RunContractResult<T>> {
  const startedAt = Date.now();
  const log = createAnswerLog(contract, options.prompt ?? '');
  let thrown: unknown;
  async function* tap(): AsyncIterable<object> {
    try {
      for await (const message of messages) {
        log.observe(message);
        options.onMessage?.(message);
        yield message;
      }
    } catch (error) {
      thrown = error;
    }
  }
  const run = await readAgentRun(tap() as AsyncIterable<{ type: string }>, {
    ...options.read,
    runtime: 'claude-code',
  });
  return sdkRunResult(
    contract,
    {
      runtime: 'claude-code',
      command: SDK_COMMAND,
      run,
      thrown,
      aborted: thrown !== undefined && isAbort(thrown, options.signal),
      nativeSchema: log.structured() || run.structuredOutput !== undefined,
      startedAt,
    },
    log.answers,
    ['error_max_structured_output_retries'],
    options.prompt ?? '',
  );
}
