// Codex as `skillpack install` leaves it, headless: the skills form (project and user scope) and the plugin
// form (user scope), for the example pack's built-in contracts and for a `skillpack init` pack, and the
// dev-flow-codex plugin whose only selector is `$dev-flow-codex:dev-flow`.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeRun, runInstalled } from './_installed.mjs';
import { correctionFor, examplePacks, HOOKED } from './_loops.mjs';
import {
  builtInitPack,
  ensureRuntimes,
  makeTempDir,
  removeTempDirs,
  repoRoot,
  skillpack,
} from './_support.mjs';

const UNRELATED = 'I looked at the repository; there is nothing to change.';
const FORMS = [
  { scope: 'project', form: undefined, what: 'skills form, project scope' },
  { scope: 'user', form: 'skills', what: 'skills form, user scope' },
  { scope: 'user', form: undefined, what: 'plugin form (the default), user scope' },
];

function build(config, out) {
  const run = skillpack(['build', '--config', config, '--out', out]);
  assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  return out;
}

const userPack = () => builtInitPack().packs;

before(() => {
  ensureRuntimes();
  examplePacks();
  userPack();
});
after(removeTempDirs);

for (const { scope, form, what } of FORMS) {
  describe(`codex as installed (${what})`, () => {
    const base = { runtime: 'codex', scope, form };
    for (const [contract, script] of Object.entries(HOOKED)) {
      it(`${contract}: a wrong answer is pushed back with its correction, the right one ends the run`, async () => {
        const loop = await runInstalled({
          ...base,
          packs: examplePacks(),
          prompt: script.prompt,
          answers: [script.wrong, script.right],
        });
        const why = describeRun(loop);
        assert.equal(loop.output.exitCode, 0, why);
        assert.equal(loop.requests.length, 2, `expected the wrong answer and one retry\n${why}`);
        assert.ok(loop.requests[1].lastMessage.includes(correctionFor(contract)), why);
        assert.equal(loop.output.run.finish, 'complete', why);
        assert.equal(loop.output.run.finalText?.trim(), script.right, why);
        if (!form && scope === 'user') {
          // The plugin form really: installed where Codex loads plugins, its skills listed as <pack>:<skill>.
          assert.match(
            loop.install.stdout,
            /\.codex\/plugins\/cache\/skillpack-examples\/skillpack-examples\//,
          );
          assert.match(loop.requests[0].text, /skillpack-examples:cflx-accept/, why);
        }
      });
    }

    it('a right first answer and an unrelated answer are not pushed back', async () => {
      for (const answer of [HOOKED['maestro.result'].right, UNRELATED]) {
        const loop = await runInstalled({ ...base, packs: examplePacks(), prompt: 'Go.', answers: [answer] });
        const why = describeRun(loop);
        assert.equal(loop.output.exitCode, 0, why);
        assert.equal(loop.requests.length, 1, why);
        assert.equal(loop.output.run.finalText?.trim(), answer, why);
      }
    });

    it('a `skillpack init` pack: a wrong review verdict is pushed back, the right one ends the run', async () => {
      const right = 'Reviewed the diff.\n{"verdict":"approve","reasons":["The tests cover the change."]}';
      const loop = await runInstalled({
        ...base,
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

describe('codex as installed: dev-flow-codex, a plugin pack', () => {
  const packs = () =>
    build(
      join(repoRoot, 'examples/dev-flow-codex/skillpack.config.json'),
      join(makeTempDir('skillpack-dfc-'), 'packs'),
    );
  const injected = (loop) => loop.requests[0]?.text.includes('<name>dev-flow-codex:dev-flow</name>');

  it('`$dev-flow-codex:dev-flow` selects the skill once installed with consent (user scope)', async () => {
    const loop = await runInstalled({
      runtime: 'codex',
      scope: 'user',
      packs: packs(),
      prompt: '$dev-flow-codex:dev-flow probe the operation',
      answers: ['Probed.'],
    });
    const why = describeRun(loop);
    assert.equal(loop.output.exitCode, 0, why);
    assert.ok(injected(loop), `the plugin skill was not injected\n${why}`);
  });

  it('without consent the plugin is installed but not enabled, and install prints the exact lines', async () => {
    const loop = await runInstalled({
      runtime: 'codex',
      scope: 'user',
      packs: packs(),
      consent: false,
      prompt: '$dev-flow-codex:dev-flow probe the operation',
      answers: ['Probed.'],
    });
    const why = describeRun(loop);
    assert.ok(!injected(loop), why);
    assert.match(loop.install.stdout, /NOT enabled/);
    assert.ok(
      loop.install.stdout.includes('[plugins."dev-flow-codex@dev-flow-codex"]\n    enabled = true'),
      why,
    );
  });
});
