import type { ContractToolCall } from '@skillpack/core';
import type { OpenCodeMessageInfoLike, OpenCodeMessageLike, OpenCodePartLike } from './plugin-types.js';
import { openCodeExitError } from './shell-exit.js';

/** The metadata key on the text part of every re-prompt; its `attempt` carries the budget across restarts. */
export const PROMPT_METADATA_KEY = 'skillpack';

/** A re-prompt the plugin sent and whose answer it waits for. */
export interface PendingPrompt {
  readonly text: string;
  readonly attempt: number;
  /** The user message OpenCode stored it as, once its event arrived. */
  messageId: string | undefined;
  answered: boolean;
  resent: boolean;
}

/** What the plugin knows of one session, kept up to date from bus events. */
export interface SessionState {
  /** True for a subagent session, whose answer goes to its parent; unknown until the session is seen. */
  isChild: boolean | undefined;
  /** Message info by id, for the messages seen lately (bounded). */
  readonly infos: Map<string, OpenCodeMessageInfoLike>;
  /** Text parts of assistant messages not yet reviewed: message id -> part id -> text. */
  readonly texts: Map<string, Map<string, string>>;
  readonly reviewed: Set<string>;
  /** Re-prompts in the current chain (since a person last wrote or the contract was last satisfied). */
  chain: number;
  /** Re-prompts since the contract was last satisfied, across chains. */
  sinceSatisfied: number;
  pending: PendingPrompt | undefined;
  /** The agent and model of the latest user message, reused by a re-prompt. */
  asked: OpenCodeMessageInfoLike | undefined;
  /** Reviews and history reads of one session run one after the other. */
  queue: Promise<void>;
}

const MAX_TRACKED_MESSAGES = 64;

export function createSessionState(): SessionState {
  return {
    isChild: undefined,
    infos: new Map(),
    texts: new Map(),
    reviewed: new Set(),
    chain: 0,
    sinceSatisfied: 0,
    pending: undefined,
    asked: undefined,
    queue: Promise.resolve(),
  };
}

/** The re-prompt attempt a part carries in its metadata, or 0 when it is not one of the plugin's. */
export function attemptOf(part: OpenCodePartLike): number {
  const marker = part.metadata?.[PROMPT_METADATA_KEY];
  const attempt =
    typeof marker === 'object' && marker !== null ? (marker as { attempt?: unknown }).attempt : undefined;
  return Number.isSafeInteger(attempt) && (attempt as number) > 0 ? (attempt as number) : 0;
}

/** A text a person (or a tool acting for one) wrote: not the plugin's, not synthetic, not ignored. */
function isPersonText(part: OpenCodePartLike): boolean {
  return part.type === 'text' && part.synthetic !== true && part.ignored !== true && attemptOf(part) === 0;
}

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > MAX_TRACKED_MESSAGES) map.delete(map.keys().next().value as K);
}

export function trackMessage(state: SessionState, info: OpenCodeMessageInfoLike): void {
  remember(state.infos, info.id, info);
  if (info.role === 'user') {
    if (info.agent || info.model) state.asked = info;
    return;
  }
  if (state.pending?.messageId !== undefined && info.parentID === state.pending.messageId)
    state.pending.answered = true;
}

/** Record a part: the text of an answer in progress, or what a user message says about the chain. */
export function trackPart(state: SessionState, part: OpenCodePartLike): void {
  if (!part.messageID) return;
  const role = state.infos.get(part.messageID)?.role;
  if (role === 'assistant' && part.type === 'text' && part.id && !state.reviewed.has(part.messageID)) {
    const texts = state.texts.get(part.messageID) ?? new Map<string, string>();
    if (part.ignored === true) texts.delete(part.id);
    else texts.set(part.id, part.text ?? '');
    remember(state.texts, part.messageID, texts);
    return;
  }
  if (role !== 'user') return;
  if (attemptOf(part) > 0 && state.pending && part.text === state.pending.text)
    state.pending.messageId ??= part.messageID;
  else if (isPersonText(part) && state.pending?.messageId !== part.messageID) startChain(state);
}

/** A person wrote: the budget starts over. */
function startChain(state: SessionState): void {
  state.chain = 0;
  state.pending = undefined;
}

/** The text of an assistant answer as its parts were streamed, or undefined when none were seen. */
export function trackedText(state: SessionState, messageId: string): string | undefined {
  const texts = state.texts.get(messageId);
  return texts ? [...texts.values()].join('\n') : undefined;
}

export function textOf(message: OpenCodeMessageLike): string {
  return message.parts
    .filter((part) => part.type === 'text' && part.ignored !== true && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

/** A message that answers nothing a contract asks: a compaction summary, or a turn that failed or was aborted. */
export function isReviewable(info: OpenCodeMessageInfoLike): boolean {
  return info.role === 'assistant' && !info.error && info.summary !== true && info.mode !== 'compaction';
}

/** A tool part's status; a shell command that exited non-zero failed, whatever OpenCode's status says. */
function toolStatusOf(part: OpenCodePartLike): string {
  const state = part.state;
  if (typeof state?.status !== 'string') return 'pending';
  return openCodeExitError(state) ? 'error' : state.status;
}

/**
 * The agent's tool calls up to the answer `answerId`, since the last message a person wrote before it, from a
 * session's stored history: what a tool-delivered contract's answer is read from (a call made for an earlier
 * prompt answers nothing asked now). The plugin's re-prompts and OpenCode's synthetic messages continue the
 * prompt they follow. Pure.
 */
export function currentPromptCalls(
  messages: readonly OpenCodeMessageLike[],
  answerId: string,
): ContractToolCall[] {
  // A person may have written again since the answer: the prompt it answers is the one before it.
  const answer = messages.findIndex((message) => message.info.id === answerId);
  const end = answer === -1 ? messages.length : answer + 1;
  let start = 0;
  for (let i = end - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.info.role === 'user' && message.parts.some(isPersonText)) {
      start = i + 1;
      break;
    }
  }
  return messages.slice(start, end).flatMap((message) =>
    message.info.role !== 'assistant'
      ? []
      : message.parts.flatMap((part) =>
          part.type === 'tool' && typeof part.tool === 'string'
            ? [
                {
                  name: part.tool,
                  input: part.state?.input,
                  status: toolStatusOf(part),
                },
              ]
            : [],
        ),
  );
}

/**
 * Rebuild the chain from a session's stored history (the plugin restarted, or loaded mid-session): the
 * attempt of the plugin's latest re-prompt after the last message a person wrote, and whether it is answered.
 */
export function primeFromHistory(state: SessionState, messages: readonly OpenCodeMessageLike[]): void {
  for (const message of messages) remember(state.infos, message.info.id, message.info);
  let answered = false;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.info.role === 'assistant') {
      answered = true;
      continue;
    }
    if (message.info.agent || message.info.model) state.asked ??= message.info;
    const ours = message.parts.find((part) => attemptOf(part) > 0);
    if (ours) {
      state.chain = Math.max(state.chain, attemptOf(ours));
      state.sinceSatisfied = Math.max(state.sinceSatisfied, state.chain);
      state.pending ??= {
        text: ours.text ?? '',
        attempt: attemptOf(ours),
        messageId: message.info.id,
        answered,
        resent: false,
      };
      continue;
    }
    if (message.parts.some(isPersonText)) break;
  }
}
