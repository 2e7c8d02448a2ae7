/**
 * The slice of OpenCode's V1 plugin API this package uses, written from `@opencode-ai/plugin@1.18.33`
 * `dist/index.d.ts` (that package cannot be installed on Node 20) and checked against the client types of
 * `@opencode-ai/sdk` 1.18.33 in tests. A real `PluginInput` is assignable to `OpenCodePluginInput`, and
 * `OpenCodeHooks` to the real `Hooks`.
 */

/** A hey-api response in the SDK's default `fields` style: `data` or `error`. */
export interface OpenCodeResponse<T> {
  readonly data?: T | undefined;
  readonly error?: unknown;
}

export interface OpenCodePartLike {
  readonly type: string;
  readonly id?: string;
  readonly sessionID?: string;
  readonly messageID?: string;
  /** `step-finish` parts: why the model step ended (`stop`, `tool-calls`, `length`, …). */
  readonly reason?: string;
  readonly text?: string;
  readonly synthetic?: boolean;
  readonly ignored?: boolean;
  readonly metadata?: { readonly [key: string]: unknown };
  /** `tool` parts: the tool's name as the model called it, and its call's state. */
  readonly tool?: string;
  readonly state?: {
    readonly status?: string;
    readonly input?: unknown;
    /** A `bash` call's `exit` code among others: `completed` is reported whatever the command's exit code. */
    readonly metadata?: unknown;
  };
}

export interface OpenCodeMessageInfoLike {
  readonly id: string;
  readonly sessionID?: string;
  readonly role: 'user' | 'assistant';
  /** Assistant messages: the user message they answer. */
  readonly parentID?: string;
  /** Assistant messages: `true` for a compaction summary, which is no answer to check (users: an object). */
  readonly summary?: unknown;
  /** Assistant messages: the agent mode (`compaction` while compacting). */
  readonly mode?: string;
  /** Assistant messages: set when the turn ended on an error or an abort. */
  readonly error?: { readonly name: string };
  /** User messages: the agent and model the turn ran with. */
  readonly agent?: string;
  readonly model?: { readonly providerID: string; readonly modelID: string };
}

/** One session message as the OpenCode client returns it: its info and its parts. */
export interface OpenCodeMessageLike {
  readonly info: OpenCodeMessageInfoLike;
  readonly parts: readonly OpenCodePartLike[];
}

export interface OpenCodeTextPartInput {
  type: 'text';
  text: string;
  metadata?: { [key: string]: unknown };
}

export interface OpenCodePromptBody {
  parts: OpenCodeTextPartInput[];
  /** Store the message without starting a turn; a turn still running picks it up. */
  noReply?: boolean;
  agent?: string;
  model?: { providerID: string; modelID: string };
}

export type OpenCodeLogLevel = 'debug' | 'info' | 'error' | 'warn';

/** The client methods the plugin calls (`session.messages`, `session.get`, `session.promptAsync`, `app.log`). */
export interface OpenCodeClientLike {
  readonly session: {
    messages(options: { path: { id: string } }): Promise<OpenCodeResponse<readonly OpenCodeMessageLike[]>>;
    get(options: { path: { id: string } }): Promise<OpenCodeResponse<{ readonly parentID?: string }>>;
    promptAsync(options: {
      path: { id: string };
      body: OpenCodePromptBody;
    }): Promise<OpenCodeResponse<unknown>>;
  };
  readonly app: {
    log(options: {
      body: { service: string; level: OpenCodeLogLevel; message: string; extra?: { [key: string]: unknown } };
    }): Promise<unknown>;
  };
}

/** What OpenCode passes a plugin when it loads it: the SDK client and the project's directories. */
export interface OpenCodePluginInput {
  readonly client: OpenCodeClientLike;
  readonly directory?: string;
  readonly worktree?: string;
}

/**
 * Bus events arrive as `{ type, properties }`: `session.idle` carries `{ sessionID }`, `message.updated`
 * `{ info }`, `message.part.updated` `{ part }`, `session.created`/`updated`/`deleted` `{ info }`.
 */
export interface OpenCodeEventLike {
  readonly type: string;
  readonly properties?: unknown;
}

/** The hooks the plugin returns to OpenCode: an `event` handler, called for every bus event. */
export interface OpenCodeHooks {
  event?: (input: { event: OpenCodeEventLike }) => Promise<void>;
}

/** A V1 plugin: OpenCode calls it once with the input (and options from `opencode.json`), then its hooks. */
export type OpenCodePlugin = (
  input: OpenCodePluginInput,
  options?: Record<string, unknown>,
) => Promise<OpenCodeHooks>;
