import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readAgentRun } from '../src/read-agent-run.js';
import type { RuntimeId } from '../src/runtime-id.js';

/**
 * Every capture of the real CLIs (`scripts/capture-fixtures.mjs`), judged against the CLI's own exit status as
 * its `SOURCES.md` records it: a run the CLI itself failed (exit ≠ 0) must never read as complete, so no contract
 * can be satisfied from it; a run it ended normally reads as complete with a final message, except a cut the
 * CLI does not fail (OpenCode exits 0 after an output-length stop).
 */
const RUNTIMES: readonly RuntimeId[] = ['claude-code', 'codex', 'opencode'];
const CUT_WITHOUT_FAILING = new Set(['run-json-finish-length.ndjson']);

function captures(runtime: RuntimeId): { file: string; exit: number }[] {
  const folder = new URL(`fixtures/${runtime}/captured/`, import.meta.url);
  const sources = readFileSync(new URL('SOURCES.md', folder), 'utf8');
  const rows = [...sources.matchAll(/^\| `([^`]+)` \|[^|]*\|[^|]*\| (\d+) \|/gm)].map((match) => ({
    file: match[1]!,
    exit: Number(match[2]),
  }));
  const listed = rows.map((row) => row.file).sort();
  const onDisk = readdirSync(folder)
    .filter((name) => name !== 'SOURCES.md')
    .sort();
  expect(listed, `${runtime}: every capture has a SOURCES.md row with its exit status`).toEqual(onDisk);
  return rows;
}

describe.each(RUNTIMES)('%s captures read as the CLI ended them', (runtime) => {
  const rows = captures(runtime);

  it.each(rows)('$file (exit $exit)', async ({ file, exit }) => {
    const text = readFileSync(new URL(`fixtures/${runtime}/captured/${file}`, import.meta.url), 'utf8');
    const run = await readAgentRun(text);
    expect(run.runtime).toBe(runtime);
    if (exit !== 0) {
      expect(run.finish).not.toBe('complete');
      expect(run.error, 'an incomplete run says why').toBeDefined();
    } else if (CUT_WITHOUT_FAILING.has(file)) {
      expect(run.finish).toBe('length');
    } else {
      expect(run.finish).toBe('complete');
      expect(run.finalText?.trim()).toBeTruthy();
    }
  });
});
