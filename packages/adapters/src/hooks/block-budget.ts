import { createHash } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
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

/** A stable file-name-safe key for one stop chain: runtime, session, subagent, event and contract set. */
export function blockChainKey(event: StopHookEvent, contractIds: readonly string[]): string {
  const identity = [
    event.runtime,
    event.sessionId,
    event.agentId ?? '',
    event.hookEventName,
    [...contractIds].sort(),
  ];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32);
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
        return parseBlocks(await readFile(file, 'utf8'));
      } catch {
        return 0;
      }
    },
    async write(blocks) {
      if (!ensurePrivateDir(dir)) return;
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, JSON.stringify({ blocks }), { mode: 0o600 });
        await rename(temporary, file);
        pruneStaleFiles(dir, '.json', 1);
      } catch {
        await rm(temporary, { force: true }).catch(() => undefined);
      }
    },
    async clear() {
      await rm(file, { force: true }).catch(() => undefined);
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
