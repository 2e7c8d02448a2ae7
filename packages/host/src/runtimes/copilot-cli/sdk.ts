// Copilot SDK 1.0.14 (its own bundled runtime): a contract on a session, with no import of the SDK. Facts
// (reference/sdk-hosts.md §3): `hooks.onAgentStop` gets no answer text, so the answer is kept from the
// session's events (`onEvent`, registered before the session starts so `session.start` is seen); it blocks
// with `{decision: 'block', reason}`, which the runtime sends as the next user message; the runtime honours
// 8 blocks in a row and drops the 9th silently; the events have no `result` line: a run ends when the
// session goes idle (`session.idle`), read by the same engine as `copilot -p --output-format json`.
import { type ReadAgentRunOptions, readAgentRun } from '@skillpack/adapters';
import type { Contract } from '@skillpack/core';
import type { RunContractResult } from '../../run-contract.js';
import { blockBudget, type SdkAnswer, SessionBlocks, sdkRunResult } from '../../sdk-run.js';

/** The blocks in a row the Copilot runtime honours; it drops the next one with no event saying so. */
export const COPILOT_STOP_BLOCK_CAP = 8;
const DEFAULT_MAX_BLOCKS = 2;
const SDK_COMMAND = ['@github/copilot-sdk', 'session'] as const;

/** Options of `copilotContract`. */
export interface CopilotContractOptions {
  /** Corrections in a row per session before the answer is let through (and read as a failure): default 2, at most 8. */
  readonly maxBlocks?: number;
  /** The prompt sent, recorded as the first attempt's `input`. */
  readonly prompt?: string;
  /** Reader options (`keepMessages`, `keepTools`, …). */
  readonly read?: Omit<ReadAgentRunOptions, 'runtime'>;
}

/** What the runtime's `agentStop` hook returns to block a stop. */
export interface CopilotStopBlock {
  decision: 'block';
  reason: string;
}

/** A contract on one Copilot SDK session: pass `hooks` and `onEvent` to `createSession`, then read `result()`. */
export interface CopilotContract<T> {
  /** `SessionConfig.hooks`: the contract's `onAgentStop`. */
  readonly hooks: {
    onAgentStop(input: unknown, invocation: { sessionId: string }): Promise<CopilotStopBlock | undefined>;
  };
  /** `SessionConfig.onEvent`: keeps the session's events (and its last answer) as they arrive. */
  readonly onEvent: (event: object) => void;
  /** The events kept so far, read into the `RunContractResult` `runContract` returns. */
  result(): Promise<RunContractResult<T>>;
}

interface SessionEventLike {
  readonly type?: unknown;
  readonly agentId?: unknown;
  readonly data?: {
    readonly content?: unknown;
    readonly toolRequests?: unknown;
    readonly parentToolCallId?: unknown;
  };
}

function isMain(event: SessionEventLike): boolean {
  return (
    !(typeof event.agentId === 'string' && event.agentId !== '') &&
    typeof event.data?.parentToolCallId !== 'string'
  );
}

/**
 * A contract for a Copilot SDK session: `hooks.onAgentStop` reads the last answer the events carried with
 * the contract and blocks with its correction, at most `maxBlocks` times in a row per session (below the
 * runtime's own cap); `onEvent` keeps the events; `result()` reads them (complete once the session went
 * idle) into the typed value, the attempts and the run. A callback never throws: it lets the answer go.
 */
export function copilotContract<T>(
  contract: Contract<T>,
  options: CopilotContractOptions = {},
): CopilotContract<T> {
  const budget = new SessionBlocks(
    blockBudget(options.maxBlocks, DEFAULT_MAX_BLOCKS, COPILOT_STOP_BLOCK_CAP, 'copilotContract'),
  );
  const events: object[] = [];
  const answers: SdkAnswer[] = [];
  const startedAt = Date.now();
  let answer: string | undefined;
  let answerStartedAt = startedAt;
  return {
    hooks: {
      async onAgentStop(_input, invocation) {
        try {
          const judged = contract.judge(contract.extract(answer ?? ''));
          const session = invocation?.sessionId ?? '';
          if (judged.satisfied) {
            budget.clear(session);
            return undefined;
          }
          if (!budget.claim(session)) return undefined;
          const reason = contract.correct(judged.error);
          const endedAt = Date.now();
          const input = answers.at(-1)?.correction ?? options.prompt ?? '';
          answers.push({
            input,
            correction: reason,
            answer,
            error: judged.error,
            startedAt: answerStartedAt,
            endedAt,
          });
          answerStartedAt = endedAt;
          return { decision: 'block', reason };
        } catch {
          return undefined;
        }
      },
    },
    onEvent(event) {
      events.push(event);
      const { type, data } = event as SessionEventLike;
      if (!isMain(event as SessionEventLike)) return;
      if (type === 'user.message') answer = undefined;
      if (type === 'assistant.message' && typeof data?.content === 'string') {
        const asksForTools = Array.isArray(data.toolRequests) && data.toolRequests.length > 0;
        answer = asksForTools ? undefined : data.content;
      }
    },
    async result() {
      const run = await readAgentRun(events as { type: string }[], {
        ...options.read,
        runtime: 'copilot-cli',
      });
      return sdkRunResult(
        contract,
        {
          runtime: 'copilot-cli',
          command: SDK_COMMAND,
          run,
          // `session.abort()` ends the turn with an `abort` event; the reader names it.
          aborted: run.error?.code === 'aborted',
          nativeSchema: false,
          startedAt,
        },
        answers,
        [],
        options.prompt ?? '',
      );
    },
  };
}
