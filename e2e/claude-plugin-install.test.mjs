// Claude Code's plugin form as `skillpack install --form plugin --activate` leaves it: the pack's local
// marketplace copied into the scope, declared and enabled in the scope's .claude/settings.json and registered
// with Claude's own `claude plugin` commands, then the real headless `claude -p --output-format stream-json
// --verbose` with no --plugin-dir. The plugin (its skills as <plugin>:<skill>) is loaded, a wrong answer that
// attempts a hooked contract is pushed back with the contract's correction, the right one ends the run, an
// unrelated answer is left alone; the settings keep the user's bytes, and uninstall gives them back exactly and
// the plugin is no longer loaded. For the example pack's built-in contracts and a `skillpack init` pack, in
// both scopes.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createScriptedModel, otherwise, reply, runAgent } from '@skillpack/testing';
import { correctionFor, examplePacks, HOOKED } from './_loops.mjs';
import {
  builtInitPack,
  ensureRuntimes,
  makeSandbox,
  removeTempDirs,
  runtimeBinDir,
  skillpack,
} from './_support.mjs';

const claude = join(runtimeBinDir, 'claude');

const userPacks = () => builtInitPack().packs;

const PACKS = {
  'the example pack (conflux.acceptance, maestro.result)': {
    packs: () => examplePacks(),
    plugin: 'skillpack-examples',
    // Its front matter has allowed-tools: Claude refuses its Skill call headless without an allow rule.
    gatedSkill: 'skillpack-examples:maestro-ralph-cli-execute',
    // Built-in contracts: doctor derives the answers without the pack's config.
    doctor: true,
    cases: ['conflux.acceptance', 'maestro.result'].map((id) => ({
      id,
      prompt: HOOKED[id].prompt,
      wrong: HOOKED[id].wrong,
      right: HOOKED[id].right,
      correction: () => correctionFor(id),
    })),
  },
  'a pack made by skillpack init (acme-review.review)': {
    packs: userPacks,
    plugin: 'acme-review',
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

// A settings file of the user's own, in a formatting Claude's commands would not keep (4 spaces, key order).
const USER_SETTINGS =
  '{\n    "model": "sonnet",\n    "permissions": {\n        "allow": ["Bash(ls)"]\n    }\n}\n';

async function run(sandbox, prompt, answers) {
  const model = await createScriptedModel({
    // By turn (the last repeats): a string is a text reply, anything else a reply as it is.
    replies: [
      otherwise((request) => {
        const answer = answers[Math.min(request.turn, answers.length - 1)];
        return typeof answer === 'string' ? reply.text(answer) : answer;
      }),
    ],
  });
  try {
    const output = await runAgent({
      runtime: 'claude-code',
      model,
      prompt,
      project: sandbox.project,
      cli: claude,
      env: { HOME: sandbox.home },
      timeoutMs: 180_000,
    });
    const requests = output.requests.filter((request) => request.hasTools);
    const init = output.stdout
      .split('\n')
      .filter((line) => line.includes('"subtype":"init"'))
      .map((line) => JSON.parse(line))[0];
    const why = [
      `exit ${output.exitCode}, ${requests.length} requests`,
      ...requests.map((request, i) => `  [${i}] ${request.lastMessage.slice(0, 200)}`),
      `stdout (last 1200): ${output.stdout.slice(-1200)}`,
      `stderr (last 600): ${output.stderr.slice(-600)}`,
    ].join('\n');
    return { output, requests, init, why };
  } finally {
    await model.close();
  }
}

function install(sandbox, packs, scope, extra = []) {
  const result = skillpack(
    [
      'install',
      packs,
      '--runtime',
      'claude-code',
      '--form',
      'plugin',
      '--scope',
      scope,
      '--dir',
      sandbox.project,
      '--home',
      sandbox.home,
      '--claude',
      claude,
      '--format',
      'json',
      ...extra,
    ],
    { env: sandbox.env },
  );
  assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
  return JSON.parse(result.stdout);
}

before(() => {
  ensureRuntimes();
  examplePacks();
  userPacks();
});
after(removeTempDirs);

for (const [name, pack] of Object.entries(PACKS)) {
  for (const scope of ['project', 'user']) {
    describe(`claude-code, plugin form installed in the ${scope} scope: ${name}`, () => {
      let sandbox;
      let settingsFile;
      before(() => {
        sandbox = makeSandbox();
        const root = scope === 'project' ? sandbox.project : sandbox.home;
        settingsFile = join(root, '.claude/settings.json');
        mkdirSync(join(root, '.claude'), { recursive: true });
        writeFileSync(settingsFile, USER_SETTINGS);
      });

      it('without --activate enables nothing and prints the exact steps', async () => {
        const outcome = install(sandbox, pack.packs(), scope);
        assert.equal(outcome.pluginForm.active, false, JSON.stringify(outcome.pluginForm));
        assert.ok(
          outcome.pluginForm.steps.some((step) =>
            step.includes(`plugin install ${pack.plugin}@${pack.plugin}`),
          ),
          JSON.stringify(outcome.pluginForm),
        );
        assert.equal(readFileSync(settingsFile, 'utf8'), USER_SETTINGS);
        const loop = await run(sandbox, pack.cases[0].prompt, [pack.cases[0].wrong]);
        assert.equal(loop.requests.length, 1, `the plugin enforced without consent\n${loop.why}`);
      });

      it('with --activate: loaded headless, settings keep every byte of the user plus two keys', () => {
        const outcome = install(sandbox, pack.packs(), scope, ['--activate']);
        assert.equal(outcome.pluginForm.active, true, JSON.stringify(outcome.pluginForm));
        if (pack.gatedSkill) assert.ok(outcome.activation.rules.includes(`Skill(${pack.gatedSkill})`));
        const text = readFileSync(settingsFile, 'utf8');
        // The user's bytes first and in their formatting (4 spaces): Claude's commands would write 2.
        assert.ok(
          text.startsWith('{\n    "model": "sonnet",\n    "permissions": {\n        "allow": ["Bash(ls)"'),
          text,
        );
        assert.match(text, /\n {4}"extraKnownMarketplaces": \{\n {8}"/, text);
        assert.doesNotMatch(text, /\n {2}"/, text);
        const settings = JSON.parse(text);
        assert.equal(settings.enabledPlugins[`${pack.plugin}@${pack.plugin}`], true, text);
        assert.equal(settings.extraKnownMarketplaces[pack.plugin].source.source, 'directory', text);
      });

      for (const contract of pack.cases) {
        it(`${contract.id}: a wrong answer is pushed back with the correction; the right one ends the run`, async () => {
          const loop = await run(sandbox, contract.prompt, [contract.wrong, contract.right]);
          assert.ok(
            loop.init?.plugins?.some((plugin) => plugin.name === pack.plugin),
            `the plugin is not loaded\n${JSON.stringify(loop.init?.plugins)}`,
          );
          assert.ok(
            loop.init?.skills?.some((skill) => skill.startsWith(`${pack.plugin}:`)),
            `no ${pack.plugin}:<skill>\n${JSON.stringify(loop.init?.skills)}`,
          );
          assert.equal(loop.output.exitCode, 0, loop.why);
          assert.equal(loop.requests.length, 2, `expected the wrong answer and one retry\n${loop.why}`);
          assert.ok(
            loop.requests[1].lastMessage.includes(contract.correction()),
            `no correction\n${loop.why}`,
          );
          assert.equal(loop.output.run.finish, 'complete', loop.why);
          assert.equal(loop.output.run.finalText?.trim(), contract.right, loop.why);
        });
      }

      if (pack.doctor)
        it('skillpack doctor proves each hooked contract enforced', () => {
          const doctor = skillpack(
            [
              'doctor',
              '--runtime',
              'claude-code',
              '--scope',
              scope,
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
          for (const contract of pack.cases)
            assert.match(
              doctor.stdout,
              new RegExp(`enforcement ${contract.id.replace('.', '\\.')}: enforced`),
            );
        });

      if (pack.gatedSkill)
        it(`the model's Skill call of ${pack.gatedSkill} (allowed-tools) is launched`, async () => {
          const script = HOOKED['maestro.result'];
          const loop = await run(sandbox, script.prompt, [
            reply.toolCall('Skill', { skill: pack.gatedSkill }),
            script.right,
          ]);
          const results = loop.output.stdout
            .split('\n')
            .filter((line) => line.includes('"tool_result"'))
            .map((line) => JSON.stringify(JSON.parse(line).message.content));
          assert.ok(results.length > 0, `no Skill tool result\n${loop.why}`);
          assert.match(results[0], new RegExp(`Launching skill: ${pack.gatedSkill}`), loop.why);
          assert.equal(loop.output.run.finalText?.trim(), script.right, loop.why);
        });

      it('leaves an answer that attempts no contract alone', async () => {
        const loop = await run(sandbox, 'Say hello.', ['Hello! Nothing to review here.']);
        assert.equal(loop.output.exitCode, 0, loop.why);
        assert.equal(loop.requests.length, 1, `an unrelated answer was pushed back\n${loop.why}`);
      });

      it('uninstall leaves the settings byte-identical and the plugin no longer loaded', async () => {
        const removed = skillpack(
          [
            'uninstall',
            pack.plugin,
            '--scope',
            scope,
            '--dir',
            sandbox.project,
            '--home',
            sandbox.home,
            '--claude',
            claude,
          ],
          { env: sandbox.env },
        );
        assert.equal(removed.status, 0, `${removed.stdout}${removed.stderr}`);
        assert.equal(readFileSync(settingsFile, 'utf8'), USER_SETTINGS);
        const root = scope === 'project' ? sandbox.project : sandbox.home;
        assert.equal(existsSync(join(root, '.claude/skillpack-plugins')), false);
        // The allow rules went into a file install created: it is gone again.
        if (scope === 'project') assert.equal(existsSync(join(root, '.claude/settings.local.json')), false);
        const loop = await run(sandbox, pack.cases[0].prompt, [pack.cases[0].wrong]);
        assert.ok(!loop.init?.plugins?.some((plugin) => plugin.name === pack.plugin), loop.why);
        assert.equal(loop.requests.length, 1, `still enforced after uninstall\n${loop.why}`);
      });
    });
  }
}
