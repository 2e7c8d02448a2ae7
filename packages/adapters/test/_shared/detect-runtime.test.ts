import { describe, expect, it } from 'vitest';
import type { TypedEvent } from '../../src/_shared/event-line.js';
import { sniffRuntime as detectRuntime } from '../../src/runtimes.js';

describe('detectRuntime', () => {
  it.each([
    [{ type: 'system', subtype: 'init', session_id: 's' }, 'claude-code'],
    [{ type: 'assistant', message: { content: [] } }, 'claude-code'],
    [{ type: 'user', sessionId: 's', message: {} }, 'claude-code'],
    [{ type: 'queue-operation', sessionId: 's' }, 'claude-code'],
    [{ type: 'result', subtype: 'success' }, 'claude-code'],
    [{ type: 'keep_alive' }, undefined],
    [{ type: 'thread.started', thread_id: 't' }, 'codex'],
    [{ type: 'turn.started' }, 'codex'],
    [{ type: 'item.completed', item: {} }, 'codex'],
    [{ type: 'agent-turn-complete' }, 'codex'],
    [{ type: 'error', message: 'Reconnecting' }, 'codex'],
    [{ type: 'step_start', sessionID: 'ses', timestamp: 1 }, 'opencode'],
    [{ type: 'error', sessionID: 'ses', timestamp: 1, error: { name: 'E' } }, 'opencode'],
    [{ type: 'text', sessionID: 'ses' }, undefined],
    [{ type: 'mystery' }, undefined],
    [{ type: '__proto__' }, undefined],
  ] as const)('%j → %s', (event, runtime) => {
    expect(detectRuntime(event as unknown as TypedEvent)).toBe(runtime);
  });
});
