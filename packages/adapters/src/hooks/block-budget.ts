import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPrivateDir, defaultHookStateDir, pruneStaleFiles } from './private-dir.js';
import { readSmallFileSync } from './read-small-file.js';
import type { StopHookEvent } from './stop-event.js';

/**
 * How many consecutive stops a hook has blocked in the current chain. The runtimes only say whether this stop
 * follows a blocked one (`stop_hook_active`), so a count above one needs a little state between processes.
 */
export interface BlockCounter {
  /**
   * The recorded count (0 when there is none), or `{ unusable }` when the counter's storage cannot be trusted
   * or used; the hook then falls back to the runtime's `stop_hook_active` alone.
   */
  read(): Promise<number | { readonly unusable: string }>;
  /** Record a count; `{ unusable }` when it could not be recorded (a full or read-only disk). */
  write(blocks: number): Promise<true | { readonly unusable: string }>;
  clear(): Promise<void>;
}

/** Create the counter of consecutive blocks for one chain of stops, named by `chainKey`. */
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

/** The only names the counter writes, and so the only ones its clean-up may remove. */
const COUNTER_FILE = /^[0-9a-f]{16}\.json(\.\d+\.tmp)?$/;
const MAX_COUNTER_BYTES = 4096;

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
 * A counter kept in `<dir>/<chainKey>.json` (a private folder, see `checkPrivateDir`), removed when its
 * chain's stop is let through. Reads never block (a FIFO or link there is no record); never throws.
 */
export function createFileBlockCounter(chainKey: string, dir = defaultBlockStateDir()): BlockCounter {
  const file = join(dir, `${chainKey}.json`);
  return {
    async read() {
      const state = checkPrivateDir(dir);
      if (!state.usable) return { unusable: state.reason };
      const bytes = readSmallFileSync(file, MAX_COUNTER_BYTES);
      return bytes === undefined ? 0 : parseBlocks(bytes.toString('utf8'));
    },
    async write(blocks) {
      const state = checkPrivateDir(dir);
      if (!state.usable) return { unusable: state.reason };
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, JSON.stringify({ blocks }), { mode: 0o600, flag: 'wx' });
        renameSync(temporary, file);
      } catch (error) {
        rmSync(temporary, { force: true });
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        return { unusable: `${file} cannot be written (${code})` };
      }
      pruneStaleFiles(dir, COUNTER_FILE, 1);
      return true;
    },
    async clear() {
      if (!checkPrivateDir(dir).usable) return;
      try {
        rmSync(file, { force: true });
      } catch {
        // Nothing to clear.
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
      return true as const;
    },
    clear: async () => {
      store.delete(chainKey);
    },
  });
}
