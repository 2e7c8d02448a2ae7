import { readFastHookArgs } from '../hooks/fast-hook-args.js';
import { decideFastStop, type FastStopTables, warmUpFastStop } from '../hooks/fast-stop.js';
import type { RuntimeId } from '../runtime-id.js';
import { STOP_HOOK_HOSTS } from '../stop-hook-hosts.js';
import type { HookHandover, HookProgram } from './hook-program.js';
import { StdinTap } from './stdin-tap.js';
import { writeDescriptor } from './stdio.js';

export type { FastStopTables } from '../hooks/fast-stop.js';
export type { HookHandover } from './hook-program.js';

/**
 * A pack's Stop hook program: a stop the build's tables prove the answer to (satisfied, by the validators the
 * build generated; or attempting none of the contracts, worded as the build derived) is decided here, plain
 * code with no zod, and every other stop by the whole hook, which `startWhole` loads (zod with it) and gives
 * the same stdin. Nothing this module imports loads zod.
 */
export function startFastStopHook(
  tables: FastStopTables,
  startWhole: (handover: HookHandover) => Promise<HookProgram>,
): HookProgram {
  const startedAt = Date.now();
  let handedOver = false;
  const handOver = (tap?: StdinTap) => {
    if (handedOver) return;
    handedOver = true;
    startWhole({ stdin: tap ? tap.replay() : process.stdin, startedAt }).then(
      () => {},
      (error: unknown) => {
        const message = `skillpack-hook: unexpected failure: ${String(error)}`;
        writeDescriptor(2, `${message}\n`);
        writeDescriptor(1, `${JSON.stringify({ systemMessage: message })}\n`);
        process.exit(0);
      },
    );
  };
  // A command line the fast reader leaves (help, a mistake) goes to the whole hook, which words it.
  const args = readFastHookArgs(
    process.argv.slice(2),
    Object.keys(tables.runtimes) as RuntimeId[],
    process.env,
  );
  if (args === undefined) {
    handOver();
  } else {
    const tap = new StdinTap(process.stdin, args.maxInputBytes);
    // Past the hook's deadline the whole hook answers (it counts from `startedAt`).
    const timer = setTimeout(() => handOver(tap), args.timeoutMs);
    tap.whole(args.maxInputBytes).then(async (input) => {
      clearTimeout(timer);
      if (handedOver) return;
      const printed =
        input === undefined
          ? undefined
          : await decideFastStop(tables, STOP_HOOK_HOSTS, args, process.env, input);
      if (printed === undefined) return handOver(tap);
      if (printed.stderr) writeDescriptor(2, printed.stderr);
      writeDescriptor(1, printed.stdout);
      process.exit(0);
    });
  }
  // The whole hook warms and caches its own code (it is a program of its own, see pack-hook.ts).
  return { warmUp: () => warmUpFastStop(tables) };
}
