import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fail, ok, type Result, SkillpackError } from '@skillpack/core';
import { beforeChange } from './_fault-point.js';

/** Held in the scope root while an install or uninstall runs there. */
export const BUSY_FILE_NAME = '.skillpack-busy';

export interface ScopeLockOptions {
  /** How long to wait for another run to finish before failing with `scope_busy` (default 30 s). */
  readonly waitMs?: number;
  /** A holder on another host (unknown liveness) counts as stale after this long (default 10 min). */
  readonly staleMs?: number;
}

interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly token: string;
}

const POLL_MS = 50;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (Number.isSafeInteger(value.pid) && typeof value.host === 'string' && typeof value.token === 'string')
      return value as Holder;
  } catch {
    // A holder killed while writing the file leaves it empty or partial.
  }
  return undefined;
}

/** Whether the busy file's holder is gone: a dead pid on this host, or an old or unreadable file. */
async function isStale(file: string, staleMs: number): Promise<{ stale: boolean; text?: string }> {
  const [text, info] = await Promise.all([
    readFile(file, 'utf8').catch(() => undefined),
    stat(file).catch(() => undefined),
  ]);
  if (text === undefined || info === undefined) return { stale: false };
  const holder = parseHolder(text);
  const old = Date.now() - info.mtimeMs > staleMs;
  if (!holder) return { stale: old || Date.now() - info.mtimeMs > 5000, text };
  if (holder.host === hostname()) return { stale: !isAlive(holder.pid), text };
  return { stale: old, text };
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
  const text = JSON.stringify({ pid: process.pid, host: hostname(), token });
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
      return ok({
        async release() {
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
