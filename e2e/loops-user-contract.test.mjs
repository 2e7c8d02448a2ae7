// A pack built from a user's own contract module (`skillpack init`'s TypeScript contract) inside the real agent
// loop of every runtime: the generated hook or plugin carries the contract, pushes back a wrong answer with the
// contract's own correction, and lets the right one end a run that `skillpack parse --config` reads.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAnswerAfterPushBack, describeLoop, LOOP_RUNTIMES, runLoop } from './_loops.mjs';
import { builtInitPack, ensureRuntimes, removeTempDirs } from './_support.mjs';

const CONTRACT = 'acme-review.review';
const WRONG = 'Reviewed the diff.\n{"verdict":"maybe","reasons":[]}';
const RIGHT = 'Reviewed the diff.\n{"verdict":"approve","reasons":["The tests cover the change."]}';

const userPack = () => builtInitPack();

before(() => {
  ensureRuntimes();
  userPack();
});
after(removeTempDirs);

for (const runtimeId of LOOP_RUNTIMES) {
  describe(`${runtimeId}: a pack built from a user contract module, inside the real agent loop`, () => {
    it(`pushes back a wrong ${CONTRACT} answer with its correction; the right one ends the run`, async () => {
      const { config, packs } = userPack();
      const loop = await runLoop(runtimeId, {
        prompt: 'Review the change and give your verdict.',
        answers: [WRONG, RIGHT],
        contract: CONTRACT,
        packs,
        config,
      });
      const why = describeLoop(loop);
      assert.equal(loop.output.status, 0, why);
      assert.equal(loop.requests.length, 2, `expected the wrong answer and one retry\n${why}`);
      assert.match(loop.requests[0].text, /review/, `skill not listed\n${why}`);
      // The default correction of a contract titled "Review verdict" (defineContract), naming what was wrong.
      assert.ok(
        loop.requests[1].lastMessage.includes('does not satisfy the Review verdict contract'),
        `the retry does not carry the contract's correction\n${why}`,
      );
      if (assertAnswerAfterPushBack(runtimeId, loop, WRONG, RIGHT, why)) return;
      assert.equal(loop.run.finish, 'complete', why);
      assert.equal(loop.run.finalText?.trim(), RIGHT, why);
      assert.equal(loop.parsed.status, 0, `skillpack parse: ${loop.parsed.stdout}${loop.parsed.stderr}`);
      assert.deepEqual(JSON.parse(loop.parsed.stdout).value, {
        verdict: 'approve',
        reasons: ['The tests cover the change.'],
      });
    });
  });
}
