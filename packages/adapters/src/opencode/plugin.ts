import type { AnyContract, ContractRegistry } from '@skillpack/core';
import { type AnswerContracts, decideAnswer, loadedAnswerContracts } from '../hooks/answer-contracts.js';
import { enforceOf } from '../hooks/enforce-override.js';
import { type ContractLoader, loadContracts } from '../hooks/load-contracts.js';
import type { EnforceMode } from '../hooks/stop-decision.js';
import { capHookString } from '../hooks/stop-hook-output.js';
import {
  createSessionState,
  currentPromptCalls,
  isReviewable,
  PROMPT_METADATA_KEY,
  primeFromHistory,
  type SessionState,
  textOf,
  trackedText,
  trackMessage,
  trackPart,
} from './_plugin-session.js';
import { OPENCODE_MCP_TOOL_NAME } from './mcp-tool-name.js';
import type {
  OpenCodeLogLevel,
  OpenCodeMessageInfoLike,
  OpenCodeMessageLike,
  OpenCodePartLike,
  OpenCodePlugin,
  OpenCodePromptBody,
} from './plugin-types.js';

export { PROMPT_METADATA_KEY } from './_plugin-session.js';

/** Options of `createOpenCodePlugin`: the contract ids to enforce, the re-prompt budget, and the registry. */
export interface OpenCodePluginOptions {
  /** Contract ids; the session's last assistant message must satisfy one of them. */
  readonly contracts: readonly string[];
  /** Re-prompts per chain of unsatisfied answers before the plugin gives up (default 2). */
  readonly maxPrompts?: number;
  /**
   * `attempted` (default): only an answer that attempts a contract is checked, so sessions that never use
   * the pack's skills are left alone. `always`: every answer must satisfy a contract.
   */
  readonly enforce?: EnforceMode;
  /** Contracts the ids are looked up in before the built-ins (a generated pack's own contracts). */
  readonly registry?: ContractRegistry;
}

/** Re-prompts per chain of unsatisfied answers when `maxPrompts` is not given. */
export const DEFAULT_MAX_PROMPTS = 2;

/**
 * However often a person (or another plugin that prompts on its own) starts a new chain, at most this many
 * budgets of re-prompts go by without a satisfied answer; then the plugin stays quiet until one comes.
 */
export const MAX_CHAINS_WITHOUT_SUCCESS = 3;

async function resolveContracts(ids: readonly string[], load: ContractLoader): Promise<AnyContract[]> {
  const loaded = await load(ids);
  if (!loaded.success) throw loaded.error;
  return loaded.data;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function infoOf(properties: Record<string, unknown> | undefined): OpenCodeMessageInfoLike | undefined {
  const info = record(properties?.info);
  return info && nonEmpty(info.id) && (info.role === 'user' || info.role === 'assistant')
    ? (info as unknown as OpenCodeMessageInfoLike)
    : undefined;
}

function partOf(properties: Record<string, unknown> | undefined): OpenCodePartLike | undefined {
  const part = record(properties?.part);
  return part && typeof part.type === 'string' && nonEmpty(part.messageID)
    ? (part as unknown as OpenCodePartLike)
    : undefined;
}

/** The session an event is about (`properties.sessionID`, or `.info`/`.part` of message and session events). */
function sessionIdOf(type: string, properties: Record<string, unknown> | undefined): string | undefined {
  if (type.startsWith('session.') && type !== 'session.idle' && record(properties?.info))
    return nonEmpty(record(properties?.info)?.id);
  return (
    nonEmpty(properties?.sessionID) ??
    nonEmpty(record(properties?.info)?.sessionID) ??
    nonEmpty(record(properties?.part)?.sessionID)
  );
}

/**
 * An OpenCode V1 plugin that enforces contracts. OpenCode has no Stop hook, and `opencode run` exits at the
 * first `session.idle`, so the plugin reviews an answer as soon as its model step finishes with `stop`: when
 * no configured contract is satisfied it prompts the session with the contract's correction while the turn
 * is still running, and OpenCode's loop sends the model one more request (OpenCode 1.18.33: the loop re-reads
 * the session before it exits). At `session.idle` it reviews an answer it has not seen yet, and sends again a
 * correction that the loop finished without answering (the server and the TUI keep running; `opencode run`
 * does not). At most `maxPrompts` re-prompts go to one chain of unsatisfied answers; a person writing starts a
 * new chain. Subagent sessions, compaction summaries and turns that failed or were aborted are left alone.
 * An unknown contract id is a ConfigError thrown when OpenCode loads the plugin.
 */
export function createOpenCodePlugin(options: OpenCodePluginOptions): OpenCodePlugin {
  return createOpenCodePluginWith(options, (ids) => loadContracts(ids, options.registry));
}

/**
 * `createOpenCodePlugin` with the contracts looked up by `load` alone (`options.registry` unused): a
 * generated pack's plugin passes a loader that knows only the contracts it carries, so its bundle leaves
 * the built-in families it does not check out.
 */
export function createOpenCodePluginWith(
  options: OpenCodePluginOptions,
  load: ContractLoader,
): OpenCodePlugin {
  return openCodePluginOn(options, async () =>
    loadedAnswerContracts(await resolveContracts(options.contracts, load)),
  );
}

/**
 * The plugin over `start`'s contracts (a generated pack's: proven satisfied by its validators, loaded on the
 * first answer they cannot prove). `options.contracts` and `options.registry` are unused.
 *
 * @internal
 */
export function openCodePluginOn(
  options: OpenCodePluginOptions,
  start: () => Promise<AnswerContracts>,
): OpenCodePlugin {
  const maxPrompts = options.maxPrompts ?? DEFAULT_MAX_PROMPTS;
  const configured = options.enforce ?? 'attempted';
  const override = enforceOf(configured, process.env);
  const enforce = override.success ? override.data : configured;
  return async ({ client }) => {
    const contracts = await start();
    const ids = contracts.ids;
    const sessions = new Map<string, SessionState>();
    const log = (level: OpenCodeLogLevel, message: string, extra: Record<string, unknown> = {}) =>
      client.app.log({ body: { service: 'skillpack', level, message, extra } }).catch(() => undefined);
    await log(
      'info',
      `skillpack: OpenCode plugin ready (contracts: ${ids.join(', ')}; ${maxPrompts} re-prompts)`,
    );
    if (!override.success)
      await log('error', `skillpack: ${override.error.message} Enforcing ${configured}.`);

    function enqueue(state: SessionState, work: () => Promise<void>): Promise<void> {
      const run = state.queue.then(work).catch(async (error: unknown) => {
        await log(
          'error',
          `skillpack plugin failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      state.queue = run;
      return run;
    }

    /** First sight of a session: whether it is a subagent, and the chain its stored history left. */
    async function prime(sessionId: string, state: SessionState): Promise<void> {
      if (state.isChild === undefined) {
        const session = await client.session.get({ path: { id: sessionId } });
        state.isChild = Boolean(session.data?.parentID);
      }
      if (state.isChild) return;
      const history = await client.session.messages({ path: { id: sessionId } });
      primeFromHistory(state, history.data ?? []);
    }

    async function prompt(sessionId: string, state: SessionState, text: string, attempt: number) {
      await client.session.promptAsync({
        path: { id: sessionId },
        body: promptBody(text, ids, attempt, state.asked),
      });
    }

    /** The session's stored messages; a failed read throws, so no answer is judged without them. */
    async function messagesOf(sessionId: string): Promise<readonly OpenCodeMessageLike[]> {
      const history = await client.session.messages({ path: { id: sessionId } });
      if (history.data === undefined) throw new Error(`cannot read the messages of session ${sessionId}`);
      return history.data;
    }

    async function review(
      sessionId: string,
      state: SessionState,
      info: OpenCodeMessageInfoLike,
      text: string,
      messages?: readonly OpenCodeMessageLike[],
    ) {
      state.reviewed.add(info.id);
      state.texts.delete(info.id);
      if (state.isChild || !isReviewable(info)) return;
      const spent = state.sinceSatisfied >= maxPrompts * MAX_CHAINS_WITHOUT_SUCCESS;
      const decision = await decideAnswer(
        contracts,
        text,
        {
          blocksSoFar: spent ? Math.max(state.chain, maxPrompts) : state.chain,
          maxBlocks: maxPrompts,
          enforce,
        },
        // Read from the stored session, so calls made before a restart of the plugin count as well.
        {
          naming: OPENCODE_MCP_TOOL_NAME,
          calls: async () => currentPromptCalls(messages ?? (await messagesOf(sessionId)), info.id),
        },
      );
      if (decision.kind === 'allow') {
        if (decision.because === 'satisfied') {
          state.chain = 0;
          state.sinceSatisfied = 0;
          state.pending = undefined;
        }
        if (decision.because === 'budget_spent') await log('warn', decision.systemMessage);
        return;
      }
      const reason = capHookString(decision.reason);
      state.chain = decision.blocks;
      state.sinceSatisfied += 1;
      state.pending = {
        text: reason,
        attempt: decision.blocks,
        messageId: undefined,
        answered: false,
        resent: false,
      };
      await prompt(sessionId, state, reason, decision.blocks);
      await log('info', decision.systemMessage);
    }

    /** A model step ended with `stop`: review that answer now, from the parts already streamed. */
    async function onStepStop(sessionId: string, state: SessionState, messageId: string) {
      if (state.reviewed.has(messageId)) return;
      const info = state.infos.get(messageId);
      const text = trackedText(state, messageId);
      if (info && text !== undefined) return review(sessionId, state, info, text);
      const messages = (await client.session.messages({ path: { id: sessionId } })).data;
      const message = messages?.find((candidate) => candidate.info.id === messageId);
      if (message) await review(sessionId, state, message.info, textOf(message), messages);
    }

    async function onIdle(sessionId: string, state: SessionState) {
      if (state.isChild) return;
      const messages = (await client.session.messages({ path: { id: sessionId } })).data ?? [];
      const last: OpenCodeMessageLike | undefined = messages.at(-1);
      if (!last) return;
      const pending = state.pending;
      if (last.info.role === 'user' && pending && last.info.id === pending.messageId && !pending.answered) {
        // The loop had already re-read the session when the correction arrived; ask once more.
        if (pending.resent) return;
        pending.resent = true;
        await prompt(sessionId, state, pending.text, pending.attempt);
        return;
      }
      if (last.info.role === 'assistant' && !state.reviewed.has(last.info.id))
        await review(sessionId, state, last.info, textOf(last), messages);
    }

    function stateOf(sessionId: string): SessionState {
      let state = sessions.get(sessionId);
      if (!state) {
        const created = createSessionState();
        sessions.set(sessionId, created);
        state = created;
        void enqueue(created, () => prime(sessionId, created));
      }
      return state;
    }

    function onEvent(
      type: string,
      properties: Record<string, unknown> | undefined,
    ): Promise<void> | undefined {
      const sessionId = sessionIdOf(type, properties);
      if (!sessionId) return undefined;
      if (type === 'session.deleted') {
        sessions.delete(sessionId);
        return undefined;
      }
      if (type === 'session.created' || type === 'session.updated') {
        const known = sessions.get(sessionId);
        const isChild = Boolean(record(properties?.info)?.parentID);
        if (known) known.isChild = isChild;
        else {
          const state = createSessionState();
          state.isChild = isChild;
          sessions.set(sessionId, state);
          void enqueue(state, () => prime(sessionId, state));
        }
        return undefined;
      }
      if (type === 'message.updated') {
        const info = infoOf(properties);
        if (info) trackMessage(stateOf(sessionId), info);
        return undefined;
      }
      if (type === 'message.part.updated') {
        const part = partOf(properties);
        if (!part) return undefined;
        const state = stateOf(sessionId);
        trackPart(state, part);
        if (part.type === 'step-finish' && part.reason === 'stop')
          return enqueue(state, () => onStepStop(sessionId, state, part.messageID!));
        return undefined;
      }
      if (type === 'session.idle') {
        const state = stateOf(sessionId);
        return enqueue(state, () => onIdle(sessionId, state));
      }
      return undefined;
    }

    return {
      // An event hook that throws would disturb OpenCode itself: every failure is logged instead.
      event: async ({ event }) => {
        try {
          await onEvent(event.type, record(event.properties));
        } catch (error) {
          await log(
            'error',
            `skillpack plugin failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
    };
  };
}

function promptBody(
  text: string,
  contractIds: readonly string[],
  attempt: number,
  asked: OpenCodeMessageInfoLike | undefined,
): OpenCodePromptBody {
  // Keep the agent and model the person chose, so a re-prompt does not switch agents.
  return {
    parts: [
      { type: 'text', text, metadata: { [PROMPT_METADATA_KEY]: { contracts: [...contractIds], attempt } } },
    ],
    ...(asked?.agent ? { agent: asked.agent } : {}),
    ...(asked?.model ? { model: { ...asked.model } } : {}),
  };
}
