// OpenCode as `skillpack install` leaves it, headless: the project scope (.opencode/) and the user scope
// (~/.config/opencode/), for a built-in contract of the example pack and for a `skillpack init` pack.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { describeRun, runInstalled } from './_installed.mjs';
import { correctionFor, examplePacks, HOOKED } from './_loops.mjs';
import { builtInitPack, ensureRuntimes, removeTempDirs } from './_support.mjs';

const UNRELATED = 'I looked at the repository; there is nothing to change.';

const userPack = () => builtInitPack().packs;

before(() => {
  ensureRuntimes();
  examplePacks();
  userPack();
});
after(removeTempDirs);

for (const scope of ['project', 'user']) {
  describe(`opencode as installed (${scope} scope)`, () => {
    it('conflux.acceptance: a wrong answer is pushed back with its correction, the right one ends the run', async () => {
      const script = HOOKED['conflux.acceptance'];
      const loop = await runInstalled({
        runtime: 'opencode',
        scope,
        packs: examplePacks(),
        prompt: script.prompt,
        answers: [script.wrong, script.right],
      });
      const why = describeRun(loop);
      assert.equal(loop.output.exitCode, 0, why);
      assert.equal(loop.requests.length, 2, `expected the wrong answer and one retry\n${why}`);
      assert.ok(loop.requests[1].lastMessage.includes(correctionFor('conflux.acceptance')), why);
      assert.equal(loop.output.run.finalText?.trim(), script.right, why);
    });

    it('an unrelated answer is not pushed back', async () => {
      const loop = await runInstalled({
        runtime: 'opencode',
        scope,
        packs: examplePacks(),
        prompt: 'Go.',
        answers: [UNRELATED],
      });
      const why = describeRun(loop);
      assert.equal(loop.output.exitCode, 0, why);
      assert.equal(loop.requests.length, 1, why);
    });

    it('a `skillpack init` pack: a wrong review verdict is pushed back, the right one ends the run', async () => {
      const right = 'Reviewed the diff.\n{"verdict":"approve","reasons":["The tests cover the change."]}';
      const loop = await runInstalled({
        runtime: 'opencode',
        scope,
        packs: userPack(),
        prompt: 'Review the change and give your verdict.',
        answers: ['Reviewed the diff.\n{"verdict":"maybe","reasons":[]}', right],
      });
      const why = describeRun(loop);
      assert.equal(loop.requests.length, 2, why);
      assert.ok(loop.requests[1].lastMessage.includes('does not satisfy the Review verdict contract'), why);
      assert.equal(loop.output.run.finalText?.trim(), right, why);
    });
  });
}
