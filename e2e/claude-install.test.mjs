// Claude Code as `skillpack install` leaves it, nothing else: the real `skillpack install --runtime
// claude-code` into a sandbox project (or home, for the user scope), then the real headless `claude -p
// --output-format stream-json --verbose` in that project with no --plugin-dir. A wrong answer that attempts a
// hooked contract is pushed back with the contract's correction and the right one ends the run; an answer
// that attempts no contract is never pushed back. For the example pack's built-in contract and for a pack made
// by `skillpack init`, in both scopes.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createScriptedModel, otherwise, reply, runAgent } from '@skillpack/testing';
import { correctionFor, examplePacks, HOOKED, installPack } from './_loops.mjs';
import {
  builtInitPack,
  ensureRuntimes,
  makeSandbox,
  removeTempDirs,
  runtimeBinDir,
  skillpack,
} from './_support.mjs';

const userPacks = () => builtInitPack().packs;

const PACKS = {
  'the example pack (conflux.acceptance, built in)': {
    packs: () => examplePacks(),
    prompt: HOOKED['conflux.acceptance'].prompt,
    wrong: HOOKED['conflux.acceptance'].wrong,
    right: HOOKED['conflux.acceptance'].right,
    correction: () => correctionFor('conflux.acceptance'),
  },
  'a pack made by skillpack init (acme-review.review)': {
    packs: userPacks,
    prompt: 'Review the change and give your verdict.',
    wrong: 'Reviewed the diff.\n{"verdict":"maybe","reasons":[]}',
    right: 'Reviewed the diff.\n{"verdict":"approve","reasons":["The tests cover the change."]}',
    // The default correction of a contract titled "Review verdict" (defineContract).
    correction: () => 'does not satisfy the Review verdict contract',
  },
};

/** A scripted model answering by turn (the last repeats): a string is a text reply, anything else a reply. */
function scripted(answers) {
  return createScriptedModel({
    replies: [
      otherwise((request) => {
        const answer = answers[Math.min(request.turn, answers.length - 1)];
        return typeof answer === 'string' ? reply.text(answer) : answer;
      }),
    ],
  });
}

async function run(sandbox, prompt, answers) {
  const model = await scripted(answers);
  try {
    const output = await runAgent({
      runtime: 'claude-code',
      model,
      prompt,
      project: sandbox.project,
      cli: join(runtimeBinDir, 'claude'),
      // The user scope lives in the sandbox's home: the CLI must see that home.
      env: { HOME: sandbox.home },
      timeoutMs: 180_000,
    });
    const requests = output.requests.filter((request) => request.hasTools);
    const why = [
      `exit ${output.exitCode}, ${requests.length} requests`,
      ...requests.map((request, i) => `  [${i}] ${request.lastMessage.slice(0, 200)}`),
      `stdout (last 1200): ${output.stdout.slice(-1200)}`,
      `stderr (last 600): ${output.stderr.slice(-600)}`,
    ].join('\n');
    return { output, requests, why };
  } finally {
    await model.close();
  }
}

before(() => {
  ensureRuntimes();
  examplePacks();
  userPacks();
});
after(removeTempDirs);

for (const [name, pack] of Object.entries(PACKS)) {
  for (const scope of ['project', 'user']) {
    describe(`claude-code, skill form installed in the ${scope} scope: ${name}`, () => {
      let sandbox;
      before(() => {
        sandbox = makeSandbox();
        installPack('claude-code', sandbox, pack.packs(), scope);
      });

      it("wires the pack's Stop hook into the scope's .claude/settings.json", () => {
        const root = scope === 'project' ? sandbox.project : sandbox.home;
        const file = join(root, '.claude/settings.json');
        assert.ok(existsSync(file), `install wrote no ${file}`);
        const settings = JSON.parse(readFileSync(file, 'utf8'));
        assert.match(JSON.stringify(settings.hooks?.Stop), /--enforce attempted/);
      });

      it('pushes back a wrong answer with the contract correction; the right one ends the run', async () => {
        const loop = await run(sandbox, pack.prompt, [pack.wrong, pack.right]);
        assert.equal(loop.output.exitCode, 0, loop.why);
        assert.equal(loop.requests.length, 2, `expected the wrong answer and one retry\n${loop.why}`);
        assert.ok(
          loop.requests[1].lastMessage.includes(pack.correction()),
          `the retry does not carry the contract's correction\n${loop.why}`,
        );
        assert.equal(loop.output.run.finish, 'complete', loop.why);
        assert.equal(loop.output.run.finalText?.trim(), pack.right, loop.why);
      });

      it('leaves an answer that attempts no contract alone', async () => {
        const loop = await run(sandbox, 'Say hello.', ['Hello! Nothing to review here.']);
        assert.equal(loop.output.exitCode, 0, loop.why);
        assert.equal(loop.requests.length, 1, `an unrelated answer was pushed back\n${loop.why}`);
        assert.equal(loop.output.run.finish, 'complete', loop.why);
      });
    });
  }
}

// Claude Code refuses, headless, the Skill call of a skill with allowed-tools unless a Skill(<name>) rule allows
// it; `install --activate` is the consent that adds it (without it, install only prints the rule).
describe('claude-code: a skill with allowed-tools runs headless after install --activate', () => {
  const skill = 'maestro-ralph-cli-execute';
  const script = HOOKED['maestro.result'];
  const skillResult = (stdout) =>
    stdout
      .split('\n')
      .filter((line) => line.includes('"tool_result"'))
      .map((line) => JSON.parse(line).message.content.find((part) => part.type === 'tool_result'))[0];

  for (const activate of [false, true]) {
    it(`${activate ? 'with' : 'without'} --activate the Skill call is ${activate ? 'launched' : 'refused'}`, async () => {
      const sandbox = makeSandbox();
      const installed = skillpack(
        [
          'install',
          examplePacks(),
          '--runtime',
          'claude-code',
          '--scope',
          'project',
          '--dir',
          sandbox.project,
          '--format',
          'json',
          ...(activate ? ['--activate'] : []),
        ],
        { env: sandbox.env },
      );
      assert.equal(installed.status, 0, installed.stdout + installed.stderr);
      const outcome = JSON.parse(installed.stdout);
      assert.equal(outcome.activation.active, activate, installed.stdout);
      assert.ok(outcome.activation.rules.includes(`Skill(${skill})`), installed.stdout);
      const loop = await run(sandbox, script.prompt, [reply.toolCall('Skill', { skill }), script.right]);
      const result = skillResult(loop.output.stdout);
      assert.ok(result, `no Skill tool result\n${loop.why}`);
      const content = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
      if (activate) assert.match(content, new RegExp(`Launching skill: ${skill}`), loop.why);
      else assert.match(content, new RegExp(`allow rule Skill\\(${skill}\\)`), loop.why);
      assert.equal(loop.output.run.finalText?.trim(), script.right, loop.why);
    });
  }
});
