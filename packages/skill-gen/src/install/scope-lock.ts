import { link, open, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fail, ok, type Result, SkillpackError } from '@skillpack/core';
import { beforeChange } from './_fault-point.js';

/** Held in the scope root while an install or uninstall runs there. */
export const BUSY_FILE_NAME = '.skillpack-busy';

export interface ScopeLockOptions {
  /** How long to wait for another run to finish before failing with `scope_busy` (default 30 s). */
  readonly waitMs?: number;
  /** A holder on another host (unknown liveness) whose file went untouched this long is stale (default 10 min). */
  readonly staleMs?: number;
}

/**
 * What the busy file says about its holder. `started` tells a live holder from another process that was given
 * its pid after it died (pids are reused): on Linux the boot id and the process's start time
 * (`/proc/<pid>/stat` field 22, in clock ticks since boot), which no later process of the same boot shares.
 */
interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly token: string;
  readonly started?: string;
}

const POLL_MS = 50;
/** A holder touches its busy file this often, so an old file means a dead holder wherever `started` is unknown. */
const HEARTBEAT_MS = 5_000;
/** Without `started`, a holder on this host whose file went untouched this long is gone (12 missed beats). */
const SILENT_MS = 60_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `<boot id>/<start time>` of a live process, or `undefined` where the OS does not say (not Linux, no /proc).
 * The command name in `/proc/<pid>/stat` is in parentheses and may hold spaces and `)`: fields are counted
 * after the last `)`, where field 3 is the first.
 */
export async function processStarted(pid: number): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  const [stat, bootId] = await Promise.all([
    readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined),
    readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => undefined),
  ]);
  if (stat === undefined || bootId === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const startTime = fields[22 - 3];
  return startTime !== undefined && /^\d+$/.test(startTime) ? `${bootId.trim()}/${startTime}` : undefined;
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (
      Number.isSafeInteger(value.pid) &&
      typeof value.host === 'string' &&
      typeof value.token === 'string' &&
      (value.started === undefined || typeof value.started === 'string')
    )
      return value as Holder;
  } catch {
    // A holder killed while writing the file leaves it empty or partial.
  }
  return undefined;
}

/**
 * Whether the busy file's holder is gone. On this host: its pid is dead, or now belongs to a process that
 * started at another time (a reused pid), or, where start times are unknown, it stopped touching the file.
 * On another host (liveness unknown): the file is older than `staleMs`. An unreadable file: after 5 s.
 */
async function isStale(file: string, staleMs: number): Promise<{ stale: boolean; text?: string }> {
  const [text, info] = await Promise.all([
    readFile(file, 'utf8').catch(() => undefined),
    stat(file).catch(() => undefined),
  ]);
  if (text === undefined || info === undefined) return { stale: false };
  const holder = parseHolder(text);
  const age = Date.now() - info.mtimeMs;
  if (!holder) return { stale: age > staleMs || age > 5000, text };
  if (holder.host !== hostname()) return { stale: age > staleMs, text };
  if (!isAlive(holder.pid)) return { stale: true, text };
  const started = holder.started === undefined ? undefined : await processStarted(holder.pid);
  if (started !== undefined) return { stale: started !== holder.started, text };
  return { stale: age > SILENT_MS, text };
}

/**
 * Break a stale lock without ever breaking a live one: move it aside (only one contender wins the rename),
 * then check that what was moved is still the stale holder; if a new holder slipped in, put it back.
 */
async function breakStale(file: string, staleText: string): Promise<void> {
  const aside = `${file}.stale-${process.pid}`;
  try {
    await rename(file, aside);
  } catch {
    return;
  }
  const moved = await readFile(aside, 'utf8').catch(() => undefined);
  if (moved !== staleText) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

export interface ScopeLock {
  release(): Promise<void>;
}

/**
 * Take the scope root's busy file (`O_EXCL`), waiting while another live run holds it and breaking it when
 * its holder died. Fails with `scope_busy` after `waitMs`, naming the holder.
 */
export async function acquireScopeLock(
  root: string,
  options: ScopeLockOptions = {},
): Promise<Result<ScopeLock, SkillpackError>> {
  const file = join(root, BUSY_FILE_NAME);
  const waitMs = options.waitMs ?? 30_000;
  const staleMs = options.staleMs ?? 10 * 60_000;
  const token = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const self = await processStarted(process.pid);
  const text = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    token,
    ...(self ? { started: self } : {}),
  });
  const started = Date.now();
  for (;;) {
    try {
      beforeChange();
      const handle = await open(file, 'wx', 0o644);
      try {
        await handle.writeFile(text);
      } finally {
        await handle.close();
      }
      // The heartbeat: a live holder's file never looks abandoned, on any OS.
      const heartbeat = setInterval(() => {
        const now = new Date();
        utimes(file, now, now).catch(() => undefined);
      }, HEARTBEAT_MS);
      heartbeat.unref();
      return ok({
        async release() {
          clearInterval(heartbeat);
          const current = await readFile(file, 'utf8').catch(() => undefined);
          if (current === text) await unlink(file).catch(() => undefined);
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const { stale, text: staleText } = await isStale(file, staleMs);
    if (stale && staleText !== undefined) {
      await breakStale(file, staleText);
      continue;
    }
    if (Date.now() - started >= waitMs) {
      const holder = staleText === undefined ? undefined : parseHolder(staleText);
      return fail(
        new SkillpackError(
          'scope_busy',
          `Another skillpack install or uninstall is running in ${root}${holder ? ` (pid ${holder.pid} on ${holder.host})` : ''}; waited ${Math.round(waitMs / 1000)} s for ${file} to go away. Try again when it has finished.`,
          { details: { file, ...(holder ? { pid: holder.pid, host: holder.host } : {}) } },
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
