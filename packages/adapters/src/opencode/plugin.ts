import type { AnyContract, ContractRegistry } from '@skillpack/core';
import { checkContracts } from '../hooks/contract-check.js';
import { loadContracts } from '../hooks/load-contracts.js';
import { correctiveReason } from '../hooks/stop-decision.js';
import { capHookString } from '../hooks/stop-hook-output.js';
import type {
  OpenCodeLogLevel,
  OpenCodeMessageLike,
  OpenCodePlugin,
  OpenCodePromptBody,
} from './plugin-types.js';

export interface OpenCodePluginOptions {
  /** Contract ids; the session's last assistant message must satisfy one of them. */
  readonly contracts: readonly string[];
  /** Re-prompts per chain of unsatisfied answers before the plugin gives up (default 2). */
  readonly maxPrompts?: number;
  /** Contracts the ids are looked up in before the built-ins (a generated pack's own contracts). */
  readonly registry?: ContractRegistry;
}

export const DEFAULT_MAX_PROMPTS = 2;

/** The metadata key on the text part of every re-prompt; its `attempt` carries the budget across restarts. */
export const PROMPT_METADATA_KEY = 'skillpack';

interface SessionState {
  busy: boolean;
  prompts: number;
  lastPrompt: string | undefined;
}

async function resolveContracts(options: OpenCodePluginOptions): Promise<AnyContract[]> {
  const loaded = await loadContracts(options.contracts, options.registry);
  if (!loaded.success) throw loaded.error;
  return loaded.data;
}

function sessionIdOf(properties: unknown): string | undefined {
  const id =
    typeof properties === 'object' && properties !== null
      ? (properties as { sessionID?: unknown }).sessionID
      : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function textOf(message: OpenCodeMessageLike): string {
  return message.parts
    .filter((part) => part.type === 'text' && part.ignored !== true && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

function attemptOf(message: OpenCodeMessageLike, state: SessionState): number {
  for (const part of message.parts) {
    const marker = part.metadata?.[PROMPT_METADATA_KEY];
    const attempt =
      typeof marker === 'object' && marker !== null ? (marker as { attempt?: unknown }).attempt : undefined;
    if (Number.isSafeInteger(attempt) && (attempt as number) > 0) return attempt as number;
    if (part.type === 'text' && state.lastPrompt !== undefined && part.text === state.lastPrompt)
      return state.prompts;
  }
  return 0;
}

function lastIndexOfRole(
  messages: readonly OpenCodeMessageLike[],
  role: string,
  before = messages.length,
): number {
  for (let i = before - 1; i >= 0; i--) if (messages[i]?.info.role === role) return i;
  return -1;
}

/**
 * An OpenCode V1 plugin that enforces contracts: on `session.idle` it reads the session's last assistant
 * message, and when no configured contract is satisfied it re-prompts the session with the contract's
 * correction, at most `maxPrompts` times in a row. The count restarts when a person sends a message. It
 * skips subagent sessions (their answer already went to the parent) and turns that ended on an error or an
 * abort. An unknown contract id is a ConfigError thrown when OpenCode loads the plugin.
 */
export function createOpenCodePlugin(options: OpenCodePluginOptions): OpenCodePlugin {
  const maxPrompts = options.maxPrompts ?? DEFAULT_MAX_PROMPTS;
  return async ({ client }) => {
    const contracts = await resolveContracts(options);
    const ids = contracts.map((contract) => contract.id);
    const sessions = new Map<string, SessionState>();
    const log = (level: OpenCodeLogLevel, message: string, extra: Record<string, unknown> = {}) =>
      client.app.log({ body: { service: 'skillpack', level, message, extra } }).catch(() => undefined);
    await log(
      'info',
      `skillpack: OpenCode plugin ready (contracts: ${ids.join(', ')}; ${maxPrompts} re-prompts)`,
    );

    async function onIdle(sessionId: string, state: SessionState): Promise<void> {
      const session = await client.session.get({ path: { id: sessionId } });
      if (session.data?.parentID) return;
      const messages = (await client.session.messages({ path: { id: sessionId } })).data ?? [];
      const answerIndex = lastIndexOfRole(messages, 'assistant');
      const answer = messages[answerIndex];
      if (!answer || answer.info.error) return;
      const check = checkContracts(contracts, textOf(answer));
      if (check.satisfied) {
        state.prompts = 0;
        return;
      }
      const asked = messages[lastIndexOfRole(messages, 'user', answerIndex)];
      const used = asked ? attemptOf(asked, state) : 0;
      const failed = check.failures
        .map((failure) => `${failure.contract.id} (${failure.error.code})`)
        .join(', ');
      if (used >= maxPrompts) {
        await log(
          'warn',
          `${failed} still not satisfied after ${used} re-prompt(s); leaving the session idle.`,
        );
        return;
      }
      const reason = capHookString(correctiveReason(check.failures));
      state.prompts = used + 1;
      state.lastPrompt = reason;
      await client.session.promptAsync({
        path: { id: sessionId },
        body: promptBody(reason, ids, state.prompts, asked),
      });
      await log(
        'info',
        `${failed} not satisfied; re-prompted the session (${state.prompts} of ${maxPrompts}).`,
      );
    }

    async function onEvent(type: string, properties: unknown): Promise<void> {
      const sessionId = sessionIdOf(properties);
      if (!sessionId) return;
      if (type === 'session.deleted') sessions.delete(sessionId);
      if (type !== 'session.idle') return;
      const state = sessions.get(sessionId) ?? { busy: false, prompts: 0, lastPrompt: undefined };
      sessions.set(sessionId, state);
      if (state.busy) return;
      state.busy = true;
      try {
        await onIdle(sessionId, state);
      } finally {
        state.busy = false;
      }
    }

    return {
      // An event hook that throws would disturb OpenCode itself: every failure is logged instead.
      event: async ({ event }) => {
        try {
          await onEvent(event.type, event.properties);
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
  asked: OpenCodeMessageLike | undefined,
): OpenCodePromptBody {
  // Keep the agent and model the person chose, so a re-prompt does not switch agents.
  return {
    parts: [
      { type: 'text', text, metadata: { [PROMPT_METADATA_KEY]: { contracts: [...contractIds], attempt } } },
    ],
    ...(asked?.info.agent ? { agent: asked.info.agent } : {}),
    ...(asked?.info.model ? { model: { ...asked.info.model } } : {}),
  };
}
