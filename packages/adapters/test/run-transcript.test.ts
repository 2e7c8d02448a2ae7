// readRunTranscriptTools with `catchUp`: a Claude Code transcript written behind its Stop hook (2.1.328 may not
// have appended the turn's last message when the hook runs) is read again until it shows the stop's final
// message, within the limit; one that never does gives `transcript_behind`, never the calls of an older turn.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claudeCodeStopHook } from '../src/claude-code/stop-hook.js';
import { readRunTranscriptTools } from '../src/run-transcript.js';

const FIXTURE = new URL(
  './fixtures/claude-code/transcript-mcp-submit-two-prompts-2.1.328.jsonl',
  import.meta.url,
);
const lines = readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean);
// Line 30 submits through the tool, 31 is its result, 33 the turn's final message, "Done.".
const DONE_LINE = lines.findIndex((line, index) => index > 31 && line.includes('"text":"Done."'));
const TOOL = 'submit_acme_refund';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpack-run-transcript-'));
  file = join(dir, 'transcript.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeLines = (upTo: number) => writeFileSync(file, `${lines.slice(0, upTo).join('\n')}\n`);

describe('readRunTranscriptTools, catching up with the stop', () => {
  it('the fixture is what the cases assume', () => {
    expect(DONE_LINE).toBe(33);
    expect(lines[30]).toContain(`mcp__acme-refund__${TOOL}`);
  });

  it('reads the submit once the final message is written after the hook started', async () => {
    writeLines(DONE_LINE);
    const path = file;
    const reading = readRunTranscriptTools(path, 'claude-code', [TOOL], { finalText: 'Done.' });
    setTimeout(() => appendFileSync(path, `${lines[DONE_LINE]}\n`), 300);
    const read = await reading;
    expect(read.success).toBe(true);
    if (read.success) expect(read.data.map((call) => call.name)).toEqual([TOOL]);
  });

  it('gives transcript_behind when the file never shows the final message', async () => {
    writeLines(DONE_LINE);
    const read = await readRunTranscriptTools(file, 'claude-code', [TOOL], {
      finalText: 'Done.',
      limitMs: 300,
    });
    expect(read.success).toBe(false);
    if (!read.success) expect(read.error.code).toBe('transcript_behind');
  });

  it('a limit of 0 reads the file once', async () => {
    writeLines(DONE_LINE);
    const read = await readRunTranscriptTools(file, 'claude-code', [TOOL], {
      finalText: 'Done.',
      limitMs: 0,
    });
    expect(read.success).toBe(false);
    if (!read.success) expect(read.error.code).toBe('transcript_behind');
  });

  it('a file that already shows the final message is read as it is', async () => {
    writeLines(DONE_LINE + 1);
    const read = await readRunTranscriptTools(file, 'claude-code', [TOOL], {
      finalText: 'Done.',
      limitMs: 0,
    });
    expect(read.success && read.data.map((call) => call.name)).toEqual([TOOL]);
  });

  it('without catchUp, a file whose turn has not ended is read once, as not complete', async () => {
    writeLines(DONE_LINE);
    const read = await readRunTranscriptTools(file, 'claude-code', [TOOL]);
    expect(read.success).toBe(false);
    if (!read.success) expect(read.error.code).toBe('transcript_not_complete');
  });

  it("Claude Code's Stop hook waits for the stop's final message", async () => {
    writeLines(DONE_LINE);
    const path = file;
    const reading = claudeCodeStopHook.readTranscriptTools?.(path, 'claude-code', [TOOL], 'Done.');
    setTimeout(() => appendFileSync(path, `${lines[DONE_LINE]}\n`), 300);
    const read = await reading;
    expect(read?.success && read.data.map((call) => call.name)).toEqual([TOOL]);
  });
});
