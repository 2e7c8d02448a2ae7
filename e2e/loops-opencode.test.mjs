// The example pack's plugin inside the real OpenCode agent loop (see _loops.mjs), and the race it relies on.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { correctionFor, defineLoopTests, describeLoop, HOOKED, runLoop } from './_loops.mjs';
import { removeTempDirs } from './_support.mjs';

defineLoopTests('opencode', { describe, it, before, after });

// The plugin prompts the turn while OpenCode's loop is still running, before the loop re-reads the session to
// decide whether to stop: a race in principle, so it is run many times, two at once to add contention.
const RUNS = Number(process.env.SKILLPACK_OPENCODE_RACE_RUNS ?? 6);

describe('opencode: the correction wins the race against the end of the run', () => {
  after(removeTempDirs);

  it(`pushes back in every one of ${RUNS} runs`, async () => {
    const script = HOOKED['conflux.acceptance'];
    const correction = correctionFor('conflux.acceptance');
    const outcomes = [];
    for (let start = 0; start < RUNS; start += 2) {
      const batch = Array.from({ length: Math.min(2, RUNS - start) }, () =>
        runLoop('opencode', {
          prompt: script.prompt,
          answers: [script.wrong, script.right],
          contract: 'conflux.acceptance',
        }),
      );
      outcomes.push(...(await Promise.all(batch)));
    }
    const lost = outcomes.filter(
      (loop) => loop.requests.length !== 2 || !loop.requests[1].lastMessage.includes(correction),
    );
    assert.deepEqual(lost.map(describeLoop), [], `${lost.length} of ${RUNS} runs ended unchallenged`);
    for (const loop of outcomes) assert.equal(loop.extracted.success, true, describeLoop(loop));
  });
});
