import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultHookStateDir, ensurePrivateDir, pruneStaleFiles } from './private-dir.js';
import type { StopHookEvent } from './stop-event.js';

/**
 * How many consecutive stops a hook has blocked in the current chain. The runtimes only say whether this stop
 * follows a blocked one (`stop_hook_active`), so a count above one needs a little state between processes.
 */
export interface BlockCounter {
  /** The recorded count, 0 when there is none or it cannot be read. */
  read(): Promise<number>;
  write(blocks: number): Promise<void>;
  clear(): Promise<void>;
}

export type BlockCounterFactory = (chainKey: string) => BlockCounter;

const MAX_RECORDED_BLOCKS = 1000;

/** FNV-1a in two 32-bit lanes: a cheap, stable file name (the folder is private; this is no security boundary). */
function fnv1a64(text: string): string {
  let low = 0x811c9dc5;
  let high = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    low = Math.imul(low ^ unit, 0x01000193);
    high = Math.imul(high ^ unit ^ (low >>> 24), 0x01000193);
  }
  return (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');
}

/** A stable file-name-safe key for one stop chain: runtime, session, subagent, event and contract set. */
export function blockChainKey(event: StopHookEvent, contractIds: readonly string[]): string {
  const identity = [
    event.runtime,
    event.sessionId,
    event.agentId ?? '',
    event.hookEventName,
    [...contractIds].sort(),
  ];
  return fnv1a64(JSON.stringify(identity));
}

/** The counter's folder (see `defaultHookStateDir`); files there are `<chain key>.json` holding `{"blocks":N}`. */
export const defaultBlockStateDir = defaultHookStateDir;

function parseBlocks(text: string): number {
  try {
    const value: unknown = JSON.parse(text);
    const blocks = typeof value === 'object' && value !== null ? (value as { blocks?: unknown }).blocks : 0;
    return Number.isSafeInteger(blocks) && (blocks as number) >= 0
      ? Math.min(blocks as number, MAX_RECORDED_BLOCKS)
      : 0;
  } catch {
    return 0;
  }
}

/**
 * A counter kept in `<dir>/<chainKey>.json`, removed when its chain's stop is let through; every I/O failure
 * degrades to "no record", never throws.
 */
export function createFileBlockCounter(chainKey: string, dir = defaultBlockStateDir()): BlockCounter {
  const file = join(dir, `${chainKey}.json`);
  return {
    async read() {
      if (!ensurePrivateDir(dir)) return 0;
      try {
        return parseBlocks(readFileSync(file, 'utf8'));
      } catch {
        return 0;
      }
    },
    async write(blocks) {
      if (!ensurePrivateDir(dir)) return;
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, JSON.stringify({ blocks }), { mode: 0o600 });
        renameSync(temporary, file);
        pruneStaleFiles(dir, '.json', 1);
      } catch {
        rmSync(temporary, { force: true });
      }
    },
    async clear() {
      try {
        rmSync(file, { force: true });
      } catch {
        // Nothing to clear, or not ours to clear.
      }
    },
  };
}

/** A counter for hosts that handle every stop in one long-lived process. */
export function createMemoryBlockCounterFactory(store = new Map<string, number>()): BlockCounterFactory {
  return (chainKey) => ({
    read: async () => store.get(chainKey) ?? 0,
    write: async (blocks) => {
      store.set(chainKey, blocks);
    },
    clear: async () => {
      store.delete(chainKey);
    },
  });
}
