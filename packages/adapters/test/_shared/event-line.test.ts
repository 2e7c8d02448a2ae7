import { describe, expect, it } from 'vitest';
import { parseEventLine } from '../../src/_shared/event-line.js';
import { readAgentRun } from '../../src/index.js';

describe('parseEventLine', () => {
  it.each([
    ['plain narration', 'The agent is thinking.'],
    ['a line that starts like JSON but is not', 'null pointer exception'],
    ['a broken object', '{"type":'],
  ] as const)('classifies %s as invalid_json with the line and a preview', (_, text) => {
    const parsed = parseEventLine(text, 7);
    expect(parsed.kind).toBe('error');
    if (parsed.kind !== 'error') return;
    expect(parsed.error()).toMatchObject({
      code: 'invalid_json',
      message: expect.stringContaining(
        `Line 7: expected one JSON event object per line. Received ${JSON.stringify(text)}`,
      ),
      details: { line: 7 },
    });
  });

  it.each([
    ['  \t\r', 'blank'],
    ['"a string"', 'json'],
    ['-1', 'json'],
    ['{"type":"x"}', 'event'],
  ] as const)('classifies %j as %s', (text, kind) => {
    expect(parseEventLine(text, 1).kind).toBe(kind);
  });
});

describe('malformed lines in a run', () => {
  it('counts every malformed line and keeps the typed error of the first thousand', async () => {
    const run = await readAgentRun(`${'not an event\n'.repeat(1500)}"a string"\n`);
    expect(run.malformedLineCount).toBe(1501);
    expect(run.malformedLines).toHaveLength(1000);
    expect(run.malformedLines[0]).toMatchObject({ line: 1, error: { code: 'invalid_json' } });
    expect(run.malformedLines.at(-1)).toMatchObject({ line: 1000 });
  });
});
