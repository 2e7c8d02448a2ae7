import type { ModelProtocol, ModelRequest } from './model-request.js';
import type { Reply } from './reply.js';

/** What a request must show for a rule to answer it; every field given must hold. */
export interface RequestMatcher {
  /** Model turns already in the history: an exact count, or a range. */
  readonly turn?: number | { readonly min?: number; readonly max?: number };
  /** The last user message or tool result contains this text, or matches this pattern. */
  readonly lastMessageIncludes?: string | RegExp;
  /** Anything in the request (system prompt, skills list, history) contains this text or matches it. */
  readonly requestIncludes?: string | RegExp;
  /** The request declares tools (`false` matches, for example, a CLI's title request, which declares none). */
  readonly hasTools?: boolean;
  /** The request declares a tool of this name. */
  readonly tool?: string;
  readonly protocol?: ModelProtocol;
}

/** The request view a rule sees: everything recorded except what the server is about to answer. */
export type MatchedRequest = Omit<ModelRequest, 'rule' | 'reply'>;

/** A rule of the script: the first rule whose condition holds answers the request. */
export interface ReplyRule {
  readonly when: RequestMatcher | ((request: MatchedRequest) => boolean);
  readonly reply: Reply | ((request: MatchedRequest) => Reply);
}

function includes(text: string, needle: string | RegExp): boolean {
  return typeof needle === 'string'
    ? text.includes(needle)
    : new RegExp(needle.source, needle.flags.replace('g', '')).test(text);
}

/** Whether a request satisfies a matcher. */
export function matches(matcher: RequestMatcher, request: MatchedRequest): boolean {
  const { turn } = matcher;
  if (typeof turn === 'number' && request.turn !== turn) return false;
  if (typeof turn === 'object' && (request.turn < (turn.min ?? 0) || request.turn > (turn.max ?? Infinity))) {
    return false;
  }
  if (
    matcher.lastMessageIncludes !== undefined &&
    !includes(request.lastMessage, matcher.lastMessageIncludes)
  ) {
    return false;
  }
  if (matcher.requestIncludes !== undefined && !includes(request.text, matcher.requestIncludes)) return false;
  if (matcher.hasTools !== undefined && request.hasTools !== matcher.hasTools) return false;
  if (matcher.tool !== undefined && !request.tools.includes(matcher.tool)) return false;
  if (matcher.protocol !== undefined && request.protocol !== matcher.protocol) return false;
  return true;
}

/** A rule: answer requests that satisfy `condition` with `answer`. */
export function when(
  condition: RequestMatcher | ((request: MatchedRequest) => boolean),
  answer: Reply | ((request: MatchedRequest) => Reply),
): ReplyRule {
  return { when: condition, reply: answer };
}

/** A rule that answers every request; put it last. */
export function otherwise(answer: Reply | ((request: MatchedRequest) => Reply)): ReplyRule {
  return { when: {}, reply: answer };
}

/** The first rule that answers a request, with its index; `undefined` when none does. */
export function chooseReply(
  rules: readonly ReplyRule[],
  request: MatchedRequest,
): { readonly rule: number; readonly reply: Reply } | undefined {
  for (const [index, rule] of rules.entries()) {
    const holds = typeof rule.when === 'function' ? rule.when(request) : matches(rule.when, request);
    if (holds)
      return { rule: index, reply: typeof rule.reply === 'function' ? rule.reply(request) : rule.reply };
  }
  return undefined;
}
