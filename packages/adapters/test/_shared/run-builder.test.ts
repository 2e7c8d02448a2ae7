// What the run builder holds while a stream goes by: tool output only for calls a `tools` list returns.
import { describe, expect, it } from 'vitest';
import { loggedOrListedCalls } from '../../src/_shared/contract-call-log.js';
import { RunBuilder } from '../../src/_shared/run-builder.js';

const builder = (keepTools: number, maxToolOutputTotalChars = 256 * 1024) =>
  new RunBuilder({ keepEvents: 0, keepTools, maxToolOutputChars: 64 * 1024, maxToolOutputTotalChars });

const finish = (run: RunBuilder, id: string, chars: number) =>
  run.tool(id, 1, { name: 'shell', output: 'x'.repeat(chars), status: 'completed' });

describe('RunBuilder: held tool output', () => {
  it('keepTools: 0 holds none, though every call has one', () => {
    const run = builder(0);
    for (let i = 0; i < 10; i++) finish(run, `t${i}`, 1000);
    expect(run.heldOutputChars).toBe(0);
    expect(run.build({ finish: 'complete' }).tools).toEqual([]);
  });

  it('keepTools: n holds the outputs of the last n calls only', () => {
    const run = builder(2);
    for (let i = 0; i < 10; i++) finish(run, `t${i}`, 1000);
    expect(run.heldOutputChars).toBe(2000);
    const tools = run.build({ finish: 'complete' }).tools;
    expect(tools.map((tool) => [tool.id, tool.output?.length])).toEqual([
      ['t8', 1000],
      ['t9', 1000],
    ]);
  });

  it('a pending call let go by keepTools holds no output when it finishes', () => {
    const run = builder(1);
    run.tool('late', 1, { name: 'shell', status: 'running' });
    finish(run, 'next', 10);
    finish(run, 'late', 1000);
    expect(run.heldOutputChars).toBe(10);
    expect(run.build({ finish: 'complete' }).tools.map((tool) => tool.id)).toEqual(['next']);
  });

  it('every call kept (the default): outputs within maxToolOutputTotalChars, oldest dropped first', () => {
    const run = builder(Number.POSITIVE_INFINITY, 2500);
    for (let i = 0; i < 10; i++) finish(run, `t${i}`, 1000);
    expect(run.heldOutputChars).toBe(2000);
    const tools = run.build({ finish: 'complete' }).tools;
    expect(tools).toHaveLength(10);
    expect(tools.filter((tool) => tool.output !== undefined).map((tool) => tool.id)).toEqual(['t8', 't9']);
    expect(tools.filter((tool) => tool.outputTruncated)).toHaveLength(8);
  });

  // An unconfirmed call (ended, no exit status recorded) shows what it did only by its output, which a contract
  // then needs whatever `run.tools` kept of it.
  it.each([
    ['the last call kept', 1, 256 * 1024],
    ['an output the total let go of', 2, 1500],
    ['every call kept', Number.POSITIVE_INFINITY, 1500],
  ])(
    'a contract reads an unconfirmed call with its output (%s), and no other call’s',
    (_name, keepTools, total) => {
      const run = builder(keepTools, total);
      run.tool('u', 1, {
        name: 'shell',
        output: `${'é'.repeat(999)}\nEmitted: x (evt-0123456789ab)`,
        status: 'unconfirmed',
      });
      for (let i = 0; i < 3; i++) finish(run, `t${i}`, 1000);
      const calls = loggedOrListedCalls(run.build({ finish: 'complete' }));
      expect(calls.map(({ status, output }) => ({ status, output }))).toEqual([
        { status: 'unconfirmed', output: `${'é'.repeat(999)}\nEmitted: x (evt-0123456789ab)` },
        ...Array.from({ length: 3 }, () => ({ status: 'completed', output: undefined })),
      ]);
    },
  );
});
