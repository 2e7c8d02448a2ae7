import { expect } from 'vitest';

export const MiB = 1024 * 1024;

/**
 * Feed `totalBytes` of `chunk` (the same buffer, never a new allocation) to `push`, checking the resident set
 * every 32 MiB. Past `maxGrowth` bytes of growth it stops at once and fails, so an unbounded buffer is reported
 * after a few hundred megabytes instead of exhausting the machine.
 */
export function feedWithinMemory(
  push: (chunk: Uint8Array) => unknown,
  chunk: Uint8Array,
  totalBytes: number,
  maxGrowth: number,
): { fed: number; growth: number } {
  const start = process.memoryUsage().rss;
  let fed = 0;
  let growth = 0;
  while (fed < totalBytes) {
    push(chunk);
    fed += chunk.byteLength;
    if (fed % (32 * MiB) < chunk.byteLength) {
      growth = process.memoryUsage().rss - start;
      expect(
        growth,
        `memory grew by ${Math.round(growth / MiB)} MiB after ${Math.round(fed / MiB)} MiB of input`,
      ).toBeLessThan(maxGrowth);
    }
  }
  return { fed, growth };
}

/** An async iterable of `totalBytes` made of `chunk` repeated: generated lazily, never held in memory. */
export async function* lazyStream(chunk: Uint8Array, totalBytes: number): AsyncGenerator<Uint8Array> {
  for (let fed = 0; fed < totalBytes; fed += chunk.byteLength) yield chunk;
}

/** Nested arrays `depth` deep around `inner`, as JSON text. */
export function deepJson(depth: number, inner = '1'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

/** Nested objects `depth` deep, built iteratively. */
export function deepObject(depth: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/**
 * Size of the "stream with no newline" inputs: 256 MiB by default, 16× every reader's line limit, so the
 * same bounded path runs as for 1 GiB (which costs ~3 s of CPU but 9+ s of wall time on a loaded 2-core
 * machine). Set `SKILLPACK_STRESS_BYTES=1073741824` to feed the full gigabyte.
 */
export const STRESS_BYTES = Number(process.env.SKILLPACK_STRESS_BYTES) || 256 * MiB;
