import { closeSync, constants, lstatSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkPrivateDir, defaultHookStateDir, pruneStaleFiles, removeFile } from './private-dir.js';
import type { StopHookEvent } from './stop-event.js';

/**
 * The blocks a hook has spent in the current stop chain. The runtimes only say whether this stop follows a
 * blocked one (`stop_hook_active`), so a budget above one needs a little state between processes, and the
 * state must hold when several hook processes of one chain run at once: each block is taken, not counted.
 */
export interface BlockCounter {
  /**
   * Take block number `block` of the chain, atomically: `true` when this call took it, `false` when it was
   * already taken (by an earlier stop or a concurrent hook process; try the next number), or `{ unusable }`
   * when the counter's storage cannot be trusted or written (the hook then relies on `stop_hook_active`).
   */
  claim(block: number): Promise<boolean | { readonly unusable: string }>;
  /** Forget the chain's blocks (a new chain starts, or the chain ended satisfied). */
  clear(): Promise<void>;
}

/** Create the counter of consecutive blocks for one chain of stops, named by `chainKey`. */
export type BlockCounterFactory = (chainKey: string) => BlockCounter;

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

/**
 * A stable file-name-safe key for one stop chain: runtime, session, subagent, event, contract set and, where
 * the runtime names chains (`chainId`), the chain. Without a chain id, stops of one session that arrive at once
 * share the key: a stop without `stop_hook_active` then starts the key's count again for all of them.
 */
export function blockChainKey(event: StopHookEvent, contractIds: readonly string[]): string {
  const identity = [
    event.runtime,
    event.sessionId,
    event.agentId ?? '',
    event.hookEventName,
    [...contractIds].sort(),
    ...(event.chainId === undefined ? [] : [event.chainId]),
  ];
  return fnv1a64(JSON.stringify(identity));
}

/** The counter's folder (see `defaultHookStateDir`); block `n` of a chain is the empty file `<chain key>.<n>.block`. */
export const defaultBlockStateDir = defaultHookStateDir;

/** The only names the counter writes (and older releases' `<key>.json` counts), so the only ones clean-up removes. */
const COUNTER_FILE = /^[0-9a-f]{16}(\.\d+\.block|\.json(\.\d+\.tmp)?)$/;

/** An empty file created only where none is (`wx`), as `writeFileSync(file, '', { flag: 'wx' })` makes it. */
const EXCLUSIVE_CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

const blockFile = (dir: string, chainKey: string, block: number) => join(dir, `${chainKey}.${block}.block`);

/**
 * A counter kept as one file per block taken, `<dir>/<chainKey>.<n>.block`, created with `O_EXCL` so that of
 * any number of concurrent hook processes exactly one takes block `n` (a private folder, see
 * `checkPrivateDir`). Something other than a regular file at a block's name (a folder, a FIFO, a link) is
 * state that cannot be trusted: `{ unusable }`. Never throws.
 */
export function createFileBlockCounter(chainKey: string, dir = defaultBlockStateDir()): BlockCounter {
  return {
    async claim(block) {
      const state = checkPrivateDir(dir);
      if (!state.usable) return { unusable: state.reason };
      const file = blockFile(dir, chainKey, block);
      try {
        closeSync(openSync(file, EXCLUSIVE_CREATE, 0o600));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        if (code === 'EEXIST' && lstatSync(file, { throwIfNoEntry: false })?.isFile()) return false;
        return {
          unusable: `${file} cannot be written (${code === 'EEXIST' ? 'something else is in the way' : code})`,
        };
      }
      pruneStaleFiles(dir, COUNTER_FILE, 1);
      return true;
    },
    async clear() {
      if (!checkPrivateDir(dir).usable) return;
      const prefix = `${chainKey}.`;
      try {
        for (const name of readdirSync(dir)) {
          if (name.startsWith(prefix) && /^\d+\.block$/.test(name.slice(prefix.length)))
            removeFile(join(dir, name));
        }
      } catch {
        // Nothing to clear.
      }
    },
  };
}

/** A counter for hosts that handle every stop in one long-lived process. */
export function createMemoryBlockCounterFactory(store = new Map<string, Set<number>>()): BlockCounterFactory {
  return (chainKey) => ({
    claim: async (block) => {
      const taken = store.get(chainKey) ?? new Set<number>();
      store.set(chainKey, taken);
      if (taken.has(block)) return false;
      taken.add(block);
      return true;
    },
    clear: async () => {
      store.delete(chainKey);
    },
  });
}
