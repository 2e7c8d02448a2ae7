// The plugin form of a runtime whose own CLI installs it into the home (Gemini CLI's extension, Copilot CLI's
// plugin), as `skillpack install --form plugin --scope user` leaves it, driven through the real headless CLI
// against the scripted model: without --activate nothing enforces; with it the runtime's CLI has installed the
// plugin, its skills reach the model, a wrong answer that attempts a hooked contract is pushed back with the
// contract's correction and the right one ends the run, an unrelated answer is left alone; uninstall has the
// CLI remove it, and the home keeps nothing of skillpack's or of the plugin's. `skillpack doctor` proves the
// installed plugin enforced.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runAgent } from '@skillpack/testing';
import { correctionFor, examplePacks, HOOKED, scriptedAnswers } from './_loops.mjs';
import {
  builtInitPack,
  ensureRuntimes,
  makeSandbox,
  removeTempDirs,
  runtimeBinDir,
  skillpack,
} from './_support.mjs';

/** The packs each plugin form is proven with: the example pack's built-in contracts and a `skillpack init` pack. */
const PACKS = {
  'the example pack (conflux.acceptance, maestro.result)': {
    packs: () => examplePacks(),
    name: 'skillpack-examples',
    // Text of one of its skills the model is sent only when the plugin's skills are loaded.
    marker: 'cflx-accept',
    doctor: true,
    cases: Object.entries(HOOKED).map(([id, script]) => ({
      id,
      ...script,
      correction: () => correctionFor(id),
    })),
  },
  'a pack made by skillpack init (acme-review.review)': {
    packs: () => builtInitPack().packs,
    name: 'acme-review',
    marker: 'end with a verdict on whether it may merge',
    cases: [
      {
        id: 'acme-review.review',
        prompt: 'Review the change and give your verdict.',
        wrong: 'Reviewed the diff.\n{"verdict":"maybe","reasons":[]}',
        right: 'Reviewed the diff.\n{"verdict":"approve","reasons":["The tests cover the change."]}',
        correction: () => 'does not satisfy the Review verdict contract',
      },
    ],
  },
};

/** Every path below `root`, relative, sorted. */
function tree(root) {
  const paths = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      paths.push(relative(root, path));
      if (statSync(path).isDirectory()) walk(path);
    }
  };
  walk(root);
  return paths.sort();
}

/**
 * @param {object} spec
 * @param {string} spec.runtime the runtime id
 * @param {string} spec.cli the CLI's name in e2e/runtimes/node_modules/.bin
 * @param {(pack: string) => string} spec.staged the staged folder below the home
 * @param {(pack: string) => string} spec.installed the CLI's installed copy below the home
 * @param {Record<string, string>} [spec.env] environment of the headless runs
 * @param {(home: string, pack: string) => boolean} spec.registered whether the CLI's own registry lists the plugin
 */
export function definePluginFormTests(spec, { describe, it, before, after }) {
  const cli = join(runtimeBinDir, spec.cli);
  before(() => {
    ensureRuntimes();
    for (const pack of Object.values(PACKS)) pack.packs();
  });
  after(removeTempDirs);

  for (const [title, pack] of Object.entries(PACKS)) {
    describe(`${spec.runtime}: the plugin form installed by the runtime's own CLI, in the real agent loop: ${title}`, () => {
      let sandbox;
      let homeBefore;
      const staged = spec.staged(pack.name);
      const installed = spec.installed(pack.name);
      before(() => {
        sandbox = makeSandbox();
        homeBefore = tree(sandbox.home);
      });

      /** `skillpack install` of the pack's plugin form in `scope`. */
      const installArgs = (scope) => [
        'install',
        pack.packs(),
        '--runtime',
        spec.runtime,
        '--form',
        'plugin',
        '--scope',
        scope,
      ];

      const install = (extra = []) => {
        const result = skillpack(
          [...installArgs('user'), '--home', sandbox.home, '--plugin-cli', cli, '--format', 'json', ...extra],
          { env: sandbox.env },
        );
        assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
        return JSON.parse(result.stdout);
      };

      async function run(prompt, answers) {
        const model = await scriptedAnswers(answers);
        try {
          const output = await runAgent({
            runtime: spec.runtime,
            model,
            prompt,
            project: sandbox.project,
            cli,
            home: sandbox.home,
            env: spec.env ?? {},
            timeoutMs: 180_000,
          });
          const requests = output.requests.filter((request) => request.hasTools);
          const why = [
            `exit ${output.exitCode}, ${requests.length} requests`,
            ...requests.map((request, i) => `  [${i}] ${request.lastMessage.slice(0, 200)}`),
            `stdout (last 1200): ${output.stdout.slice(-1200)}`,
            `stderr (last 600): ${output.stderr.slice(-600)}`,
          ].join('\n');
          // The pack's skills reach the model (listed in what it is sent) only from the installed plugin.
          const skillsSent = requests.some((request) => request.rawBody.includes(pack.marker));
          return { output, requests, why, skillsSent };
        } finally {
          await model.close();
        }
      }

      const first = pack.cases[0];

      it('the project scope is refused with a typed error saying why', () => {
        const result = skillpack([...installArgs('project'), '--dir', sandbox.project, '--format', 'json'], {
          env: sandbox.env,
        });
        assert.equal(result.status, 1, `${result.stdout}${result.stderr}`);
        assert.equal(JSON.parse(result.stdout).error.code, 'install_form_unsupported', result.stdout);
      });

      it('without --activate stages the plugin, has the CLI install nothing and enforces nothing', async () => {
        const outcome = install();
        assert.equal(outcome.pluginForm.active, false, JSON.stringify(outcome.pluginForm));
        assert.ok(existsSync(join(sandbox.home, staged)), 'not staged');
        assert.equal(existsSync(join(sandbox.home, installed)), false, 'installed without consent');
        const loop = await run(first.prompt, [first.wrong]);
        assert.equal(loop.requests.length, 1, `enforced without consent\n${loop.why}`);
        assert.equal(loop.skillsSent, false, `the plugin's skills reached the model\n${loop.why}`);
      });

      it("with --activate the runtime's CLI installs it", () => {
        const outcome = install(['--activate']);
        assert.equal(outcome.pluginForm.active, true, JSON.stringify(outcome.pluginForm));
        assert.ok(existsSync(join(sandbox.home, installed)), 'the CLI did not install it');
        assert.ok(spec.registered(sandbox.home, pack.name), "not in the CLI's registry");
      });

      if (pack.doctor)
        it('skillpack doctor proves each hooked contract enforced by the installed plugin', () => {
          const doctor = skillpack(
            [
              'doctor',
              '--runtime',
              spec.runtime,
              '--scope',
              'user',
              '--dir',
              sandbox.project,
              '--home',
              sandbox.home,
              '--bin-dir',
              runtimeBinDir,
            ],
            { cwd: sandbox.project, env: sandbox.env },
          );
          assert.equal(doctor.status, 0, `${doctor.stdout}${doctor.stderr}`);
          for (const { id } of pack.cases)
            assert.match(
              doctor.stdout,
              new RegExp(`enforcement ${id.replace('.', '\\.')}: enforced`),
              doctor.stdout,
            );
        });

      for (const contract of pack.cases) {
        it(`${contract.id}: a wrong answer is pushed back with the correction; the right one ends the run`, async () => {
          const loop = await run(contract.prompt, [contract.wrong, contract.right]);
          assert.equal(loop.output.exitCode, 0, loop.why);
          assert.ok(loop.skillsSent, `the plugin's skills did not reach the model\n${loop.why}`);
          assert.equal(loop.requests.length, 2, `expected the wrong answer and one retry\n${loop.why}`);
          assert.ok(
            loop.requests[1].lastMessage.includes(contract.correction()),
            `no correction\n${loop.why}`,
          );
          assert.equal(loop.output.run.finish, 'complete', loop.why);
          assert.equal(loop.output.run.finalText?.trim(), contract.right, loop.why);
        });
      }

      it('leaves an answer that attempts no contract alone', async () => {
        const loop = await run('Say hello.', ['Hello! Nothing to review here.']);
        assert.equal(loop.output.exitCode, 0, loop.why);
        assert.equal(loop.requests.length, 1, `an unrelated answer was pushed back\n${loop.why}`);
      });

      it("uninstall has the CLI remove it: nothing of skillpack's or the plugin's is left, nothing enforces", async () => {
        const removed = skillpack(
          [
            'uninstall',
            pack.name,
            '--runtime',
            spec.runtime,
            '--scope',
            'user',
            '--home',
            sandbox.home,
            '--plugin-cli',
            cli,
          ],
          { env: sandbox.env },
        );
        assert.equal(removed.status, 0, `${removed.stdout}${removed.stderr}`);
        assert.equal(existsSync(join(sandbox.home, installed)), false, 'the installed copy is left');
        assert.equal(spec.registered(sandbox.home, pack.name), false, "still in the CLI's registry");
        // What is new in the home is the runtime CLI's own state (logs, caches, its registry files), which any
        // run of it writes: no staged file, no installed copy, no lock.
        const added = tree(sandbox.home).filter((path) => !homeBefore.includes(path));
        const ours = added.filter(
          (path) =>
            path.startsWith(staged.split('/').slice(0, 2).join('/')) ||
            path.startsWith(installed.replace(/\/$/, '')) ||
            path.startsWith('.skillpack'),
        );
        assert.deepEqual(ours, [], `left in the home: ${ours.join(', ')}`);
        const loop = await run(first.prompt, [first.wrong]);
        assert.equal(loop.requests.length, 1, `still enforced after uninstall\n${loop.why}`);
        assert.equal(loop.skillsSent, false, `the plugin's skills still reach the model\n${loop.why}`);
      });
    });
  }
}
