import { createOpenCodePlugin } from '../../src/opencode/plugin.js';
import type {
  OpenCodeClientLike,
  OpenCodeEventLike,
  OpenCodeMessageInfoLike,
  OpenCodeMessageLike,
  OpenCodePartLike,
  OpenCodePromptBody,
} from '../../src/opencode/plugin-types.js';

interface FakeSession {
  parentID?: string;
  messages: OpenCodeMessageLike[];
}

/**
 * An in-process stand-in for the OpenCode server behind the V1 plugin client (the real loop runs in
 * e2e/loops-opencode.test.mjs). It keeps sessions and messages in memory, stores prompts as user messages the
 * way the server does (text parts with their metadata), records every call, and publishes the bus events
 * OpenCode 1.18.33 publishes for them (`message.updated`, `message.part.updated`) to `subscribe`d handlers.
 */
export function createFakeOpenCode() {
  const sessions = new Map<string, FakeSession>();
  const prompts: { sessionId: string; body: OpenCodePromptBody }[] = [];
  const events: OpenCodeEventLike[] = [];
  let listener: ((event: OpenCodeEventLike) => Promise<void>) | undefined;
  const pendingHandlers: Promise<void>[] = [];
  const publish = (event: OpenCodeEventLike) => {
    events.push(event);
    if (listener) pendingHandlers.push(listener(structuredClone(event)));
  };
  const logs: { level: string; message: string }[] = [];
  let nextId = 0;
  let failMessages: 'error' | 'throw' | undefined;

  const id = (prefix: string) => `${prefix}_${String(++nextId).padStart(4, '0')}`;
  const session = (sessionId: string): FakeSession => {
    const found = sessions.get(sessionId) ?? { messages: [] };
    sessions.set(sessionId, found);
    return found;
  };

  const client: OpenCodeClientLike = {
    session: {
      async get({ path }) {
        const found = sessions.get(path.id);
        return found
          ? { data: found.parentID ? { parentID: found.parentID } : {} }
          : { error: { name: 'NotFound' } };
      },
      async messages({ path }) {
        if (failMessages === 'throw') throw new Error('connection refused');
        if (failMessages === 'error') return { error: { name: 'UnknownError' } };
        return { data: structuredClone(session(path.id).messages) };
      },
      async promptAsync({ path, body }) {
        prompts.push({ sessionId: path.id, body: structuredClone(body) });
        addUser(path.id, body.parts, { agent: body.agent, model: body.model });
        return { data: undefined };
      },
    },
    app: {
      async log({ body }) {
        logs.push({ level: body.level, message: body.message });
        return { data: true };
      },
    },
  };

  function addUser(
    sessionId: string,
    parts: readonly OpenCodePartLike[] | string,
    info: { agent?: string | undefined; model?: { providerID: string; modelID: string } | undefined } = {},
  ): void {
    const list = typeof parts === 'string' ? [{ type: 'text', text: parts }] : parts;
    store(
      sessionId,
      {
        id: id('msg'),
        role: 'user',
        agent: info.agent ?? 'build',
        model: info.model ?? { providerID: 'anthropic', modelID: 'claude-fable-5' },
      },
      list,
    );
  }

  /** Store a message and publish its events, as the server does while a turn streams. */
  function store(sessionId: string, info: OpenCodeMessageInfoLike, parts: readonly OpenCodePartLike[]) {
    const stored: OpenCodeMessageLike = {
      info: { ...info, sessionID: sessionId },
      parts: parts.map((part) => ({ ...part, id: id('prt'), sessionID: sessionId, messageID: info.id })),
    };
    session(sessionId).messages.push(stored);
    publish({ type: 'message.updated', properties: { info: stored.info } });
    for (const part of stored.parts) publish({ type: 'message.part.updated', properties: { part } });
    return stored;
  }

  /** The id of the latest user message: the one an answer replies to. */
  function lastUserId(sessionId: string): string | undefined {
    return session(sessionId).messages.findLast((message) => message.info.role === 'user')?.info.id;
  }

  /**
   * An assistant answer streamed to its end: its text part, then a `step-finish` (reason `stop` unless told
   * otherwise). `info` overrides message fields (`summary`, `mode`, `error`).
   */
  function addAssistant(
    sessionId: string,
    text: string,
    error?: { name: string },
    options: {
      reason?: string;
      info?: Partial<OpenCodeMessageInfoLike>;
      /** Parts before the text: a step's tool calls. */
      tools?: readonly OpenCodePartLike[];
    } = {},
  ) {
    return store(
      sessionId,
      {
        id: id('msg'),
        role: 'assistant',
        ...(lastUserId(sessionId) ? { parentID: lastUserId(sessionId) } : {}),
        mode: 'build',
        ...(error ? { error } : {}),
        ...options.info,
      },
      [
        { type: 'step-start' },
        { type: 'reasoning', text: 'thinking' },
        ...(options.tools ?? []),
        { type: 'text', text },
        { type: 'step-finish', reason: options.reason ?? 'stop' },
      ],
    );
  }

  return {
    client,
    prompts,
    logs,
    events,
    addUser,
    addAssistant,
    /** Deliver every event published from now on to `handler` (the plugin's event hook). */
    subscribe(handler: (event: OpenCodeEventLike) => Promise<void>) {
      listener = handler;
    },
    /** Wait until every delivered event has been handled. */
    async settle() {
      while (pendingHandlers.length > 0) await Promise.all(pendingHandlers.splice(0));
    },
    createSession(sessionId: string, parentID?: string) {
      sessions.set(sessionId, { messages: [], ...(parentID ? { parentID } : {}) });
      publish({
        type: 'session.created',
        properties: { info: { id: sessionId, ...(parentID ? { parentID } : {}) } },
      });
    },
    failMessagesWith(mode: 'error' | 'throw' | undefined) {
      failMessages = mode;
    },
  };
}

/**
 * The plugin for `contracts` (enforced always) on one turn whose step ran `tools` before the agent answered
 * "Done.": the fake after every event was handled (its `prompts` are the plugin's push-backs).
 */
export async function pluginTurnWithTools(contracts: readonly string[], tools: readonly OpenCodePartLike[]) {
  const opencode = createFakeOpenCode();
  const hooks = await createOpenCodePlugin({ contracts, enforce: 'always' })({
    client: opencode.client,
    directory: '/work/project',
  });
  opencode.subscribe((event) => hooks.event!({ event }));
  opencode.createSession('ses_1');
  opencode.addUser('ses_1', 'Hand it over.');
  opencode.addAssistant('ses_1', '', undefined, { reason: 'tool-calls', tools });
  opencode.addAssistant('ses_1', 'Done.');
  await opencode.settle();
  return opencode;
}
