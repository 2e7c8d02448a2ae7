import type {
  OpenCodeClientLike,
  OpenCodeMessageLike,
  OpenCodePartLike,
  OpenCodePromptBody,
} from '../../src/opencode/plugin-types.js';

interface FakeSession {
  parentID?: string;
  messages: OpenCodeMessageLike[];
}

/**
 * An in-process stand-in for the OpenCode server behind the V1 plugin client (no real OpenCode can run here:
 * it needs a model). It keeps sessions and messages in memory, stores prompts as user messages the way the
 * server does (text parts with their metadata) and records every call.
 */
export function createFakeOpenCode() {
  const sessions = new Map<string, FakeSession>();
  const prompts: { sessionId: string; body: OpenCodePromptBody }[] = [];
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
    session(sessionId).messages.push({
      info: {
        id: id('msg'),
        role: 'user',
        agent: info.agent ?? 'build',
        model: info.model ?? { providerID: 'anthropic', modelID: 'claude-fable-5' },
      },
      parts: list.map((part) => ({ ...part })),
    });
  }

  function addAssistant(sessionId: string, text: string, error?: { name: string }): void {
    session(sessionId).messages.push({
      info: { id: id('msg'), role: 'assistant', ...(error ? { error } : {}) },
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', text: 'thinking' },
        { type: 'text', text },
        { type: 'step-finish' },
      ],
    });
  }

  return {
    client,
    prompts,
    logs,
    addUser,
    addAssistant,
    createSession(sessionId: string, parentID?: string) {
      sessions.set(sessionId, { messages: [], ...(parentID ? { parentID } : {}) });
    },
    failMessagesWith(mode: 'error' | 'throw' | undefined) {
      failMessages = mode;
    },
  };
}
