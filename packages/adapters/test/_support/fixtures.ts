import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { RuntimeId } from '../../src/runtime-id.js';

const fixturesDir = new URL('../fixtures/', import.meta.url);

export function fixtureUrl(runtime: RuntimeId, file: string): URL {
  return new URL(`${runtime}/${file}`, fixturesDir);
}

export function fixtureBytes(runtime: RuntimeId, file: string): Buffer {
  return readFileSync(fixtureUrl(runtime, file));
}

export function fixtureText(runtime: RuntimeId, file: string): string {
  return fixtureBytes(runtime, file).toString('utf8');
}

/**
 * The final answers of the cross-runtime stories: the captures `captured/*-success-verdict.*`, `*-unicode.*` and
 * `captured/stream-json-subagent-task.jsonl` (scripted in scripts/capture-fixtures/scenarios.mjs) and the kept
 * constructed files that tell the same story (see the SOURCES.md files).
 */
export const VERDICT_LINE = '{"acceptance":"pass"}';
export const SUCCESS_FINAL_TEXT = `All acceptance criteria hold: the tests pass and the changelog entry exists.\n${VERDICT_LINE}`;
export const UNICODE_FINAL_TEXT = `Прием принят ✅ — 受け入れ基準はすべて満たされています。مرحبا 👩🏽‍💻 e\u0301\u2028next\n${VERDICT_LINE}`;
export const SUBAGENT_FINAL_TEXT = `The API TODO is out of scope for this change (see the spec's non-goals).\n${VERDICT_LINE}`;

/** `text` with CRLF line endings, as the CLIs write it on Windows (the captures are from Linux). */
export function withCrlf(text: string): Buffer {
  return Buffer.from(text.replaceAll('\n', '\r\n'));
}

/** `bytes` cut into chunks of the given sizes (cycled), as an async iterable. */
export async function* chunked(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  let offset = 0;
  for (let i = 0; offset < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    yield bytes.subarray(offset, offset + size);
    offset += size;
  }
}

/** A small deterministic generator (mulberry32) for seeded chunk sizes. */
export function seededSizes(seed: number, count: number, max: number): number[] {
  let state = seed >>> 0;
  const sizes: number[] = [];
  for (let i = 0; i < count; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    sizes.push((((t ^ (t >>> 14)) >>> 0) % max) + 1);
  }
  return sizes;
}

export function readableOf(bytes: Uint8Array, highWaterMark = 16): Readable {
  return Readable.from(chunked(bytes, [highWaterMark]), { objectMode: false });
}
