import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../src/agent-run.js';
import { readAgentRun } from '../src/read-agent-run.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/codex/captured/${name}`, import.meta.url), 'utf8');

describe('readAgentRun onEvent', () => {
  it('sees every event as it is read, in order, without keepEvents', async () => {
    const text = fixture('exec-json-skill-read.jsonl');
    const seen: RunEvent[] = [];
    const run = await readAgentRun(text, { runtime: 'codex', onEvent: (event) => seen.push(event) });
    const kept = await readAgentRun(text, { runtime: 'codex', keepEvents: true });
    expect(run.events).toEqual([]);
    expect(seen).toEqual(kept.events);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.map((event) => event.kind)).toContain('finish');
  });

  it('refuses an onEvent that is not a function', async () => {
    await expect(readAgentRun('', { onEvent: 'yes' as never })).rejects.toMatchObject({
      code: 'invalid_option',
      details: { option: 'onEvent' },
    });
  });
});
