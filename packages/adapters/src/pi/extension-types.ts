// The part of Pi 1.6.0's extension API (`@earendil-works/pi-coding-agent`, `docs/extensions.md`) the skillpack
// extension uses, written down here so the adapters need no Pi dependency.

/** A message of `agent_before_settle`'s `event.context.contextMessages`. */
export interface PiContextMessageLike {
  readonly role: string;
  readonly content?: unknown;
  readonly stopReason?: string;
}

/** A session entry an `agent_before_settle` handler proposes; the skillpack extension appends a custom message. */
export interface PiCustomMessageEntry {
  readonly type: 'custom_message';
  readonly customType: string;
  readonly content: string;
  readonly display: boolean;
}

/** `agent_before_settle`: the final actionable boundary of a run (1.6.0); its handlers are awaited. */
export interface PiBeforeSettleEvent {
  /** `completed`, `aborted` or `error`. */
  readonly outcome: string;
  /** The entries proposed so far by earlier handlers. */
  readonly entries: readonly unknown[];
  readonly context: { readonly contextMessages: readonly PiContextMessageLike[] };
}

/** What an `agent_before_settle` handler returns to append entries and ask for one more run. */
export interface PiBeforeSettleResult {
  readonly entries: readonly unknown[];
  readonly continue: boolean;
}

/** `input`: a prompt reaches the session; `source` is `interactive`, `rpc` or `extension`. */
export interface PiInputEvent {
  readonly source?: string;
}

/** The handler context: the session the event belongs to. */
export interface PiExtensionContextLike {
  readonly sessionManager?: { getSessionId(): string };
}

/** The extension API methods the skillpack extension calls. */
export interface PiExtensionApiLike {
  on(
    event: 'agent_before_settle',
    handler: (
      event: PiBeforeSettleEvent,
      ctx: PiExtensionContextLike,
    ) => Promise<PiBeforeSettleResult | undefined> | PiBeforeSettleResult | undefined,
  ): void;
  on(event: 'input', handler: (event: PiInputEvent, ctx: PiExtensionContextLike) => unknown): void;
}

/** A Pi extension: the default export of a module in `.pi/extensions/` or `~/.pi/agent/extensions/`. */
export type PiExtensionFactory = (pi: PiExtensionApiLike) => Promise<void> | void;
