// Real agent loops: each pinned CLI runs headless against the scripted model of @skillpack/testing, with the
// example pack installed the way its user would, and its output is read back through @skillpack/adapters.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractContract, readAgentRun } from '@skillpack/adapters';
import { builtinContracts } from '@skillpack/core/contracts';
import {
  CLI_NAMES,
  createScriptedModel,
  otherwise,
  reply,
  runAgent,
  trustCodexHooks as trustHooks,
  when,
} from '@skillpack/testing';
import {
  ensureRuntimes,
  makeSandbox,
  makeTempDir,
  removeTempDirs,
  repoRoot,
  runtimeBinDir,
  skillpack,
} from './_support.mjs';

/** The hooked contracts of examples/skillpack.config.json, each with a wrong and a right final answer. */
export const HOOKED = {
  'conflux.acceptance': {
    prompt: 'Run the acceptance check and give your verdict.',
    // A gated verdict without its blocker: an attempt the contract rejects.
    wrong: '{"acceptance":"gated"}\nACCEPTANCE: GATED',
    right: 'Checked the change.\n{"acceptance":"pass"}\nACCEPTANCE: PASS',
    expected: { acceptance: 'pass' },
  },
  'maestro.result': {
    prompt: 'Execute the plan and report the result block.',
    // A result block without its STATUS line: an attempt the contract rejects.
    wrong: '---RESULT---\nSUMMARY: done\n---END---',
    right: '---RESULT---\nSTATUS: DONE\nSUMMARY: Implemented the plan\n---END---',
    expected: { STATUS: 'DONE', SUMMARY: 'Implemented the plan' },
  },
};

/** The correction the contract itself writes for its wrong answer: what the model must be told. */
export function correctionFor(contractId) {
  const contract = builtinContracts.require(contractId);
  const result = contract.extract(HOOKED[contractId].wrong);
  assert.equal(result.success, false, `${contractId}: the scripted wrong answer parses`);
  return contract.correct(result.error);
}

let packDir;
/** Build the example packs once per test file. */
export function examplePacks() {
  if (packDir && existsSync(packDir)) return packDir;
  packDir = join(makeTempDir('skillpack-loop-packs-'), 'packs');
  const run = skillpack([
    'build',
    '--config',
    join(repoRoot, 'examples/skillpack.config.json'),
    '--out',
    packDir,
  ]);
  assert.equal(run.status, 0, `skillpack build failed:\n${run.stdout}\n${run.stderr}`);
  return packDir;
}

/**
 * A scripted model that answers every tool-carrying request from `answers` by model turn (the last repeats):
 * a string is a text answer, anything else a `reply` of @skillpack/testing (a tool call).
 */
export async function scriptedAnswers(answers) {
  const replyOf = (answer) => (typeof answer === 'string' ? reply.text(answer) : answer);
  return createScriptedModel({
    replies: [
      // OpenCode's title request declares no tools.
      when({ hasTools: false, protocol: 'chat-completions' }, reply.text('Loop test')),
      otherwise((request) => replyOf(answers[Math.min(request.turn, answers.length - 1)])),
    ],
  });
}

/**
 * `skillpack install` the example pack (or the built `packs`) for one runtime, into the sandbox's project or
 * (scope `user`) its home.
 */
export function installPack(runtimeId, sandbox, packs = examplePacks(), scope = 'project', extra = []) {
  const where = scope === 'project' ? ['--dir', sandbox.project] : ['--home', sandbox.home];
  const args = ['install', packs, '--runtime', runtimeId, '--scope', scope, ...where, ...extra];
  const installed = skillpack(args, { env: sandbox.env });
  assert.equal(installed.status, 0, `skillpack install failed:\n${installed.stdout}\n${installed.stderr}`);
  if (runtimeId === 'opencode') {
    // OpenCode installs @opencode-ai/plugin into a project with plugins unless one is there; the prebuilt
    // plugin needs nothing from it, so an empty stand-in package keeps the run offline.
    const stub = join(sandbox.project, '.opencode/node_modules/@opencode-ai/plugin');
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'package.json'), '{"name":"@opencode-ai/plugin","version":"1.18.33"}\n');
  }
}

/** Per runtime: how the example pack is put in place for a run, and how the model sees a hook's reason. */
const RUNTIMES = {
  // The skill form as `skillpack install` leaves it: skills in .claude/skills, the Stop hook in
  // .claude/settings.json. No --plugin-dir.
  'claude-code': {
    install: (sandbox, packs) => {
      installPack('claude-code', sandbox, packs);
      return {};
    },
  },
  codex: {
    install: (sandbox, packs) => {
      // The install wires the pack's Stop hook (.codex/hooks.json, .codex/hooks/<pack>/); Codex skips untrusted
      // hooks silently, and the runner writes a fresh config.toml, so it records the trust through Codex itself.
      installPack('codex', sandbox, packs);
      return { trustCodexHooks: true };
    },
    // Codex 0.169 hands a hook's reason to the model inside <hook_prompt>, XML-escaped.
    delivered: (text) =>
      text
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&apos;', "'")
        .replaceAll('&amp;', '&'),
  },
  opencode: {
    install: (sandbox, packs) => {
      installPack('opencode', sandbox, packs);
      return {};
    },
  },
  'gemini-cli': {
    install: (sandbox, packs) => {
      // The install wires the AfterAgent hook (.gemini/settings.json, .gemini/hooks/<pack>/) and, with
      // --activate, trusts the project in ~/.gemini/trustedFolders.json: headless Gemini CLI exits 55 in an
      // untrusted folder. The run uses that home and no GEMINI_CLI_TRUST_WORKSPACE, so the install's trust is
      // what lets it run.
      installPack('gemini-cli', sandbox, packs, 'project', ['--activate']);
      return { home: sandbox.home, env: { GEMINI_CLI_TRUST_WORKSPACE: '' } };
    },
  },
  // The skill form: skills in .github/skills, the agentStop hook in .github/hooks/<pack>.json. Copilot loads a
  // project's hooks only in a trusted folder; install records that trust with --activate in the sandbox's
  // ~/.copilot/config.json, so the run uses the sandbox's home as installed (no --trust-folder).
  'copilot-cli': {
    install: (sandbox, packs) => {
      installPack('copilot-cli', sandbox, packs, 'project', ['--activate']);
      return { home: sandbox.home };
    },
  },
  // The skill form as `skillpack install` leaves it: skills in .qwen/skills, the Stop hook in
  // .qwen/settings.json running .qwen/hooks/<pack>/ (no trust step).
  'qwen-code': {
    install: (sandbox, packs) => {
      installPack('qwen-code', sandbox, packs);
      return {};
    },
    // Qwen Code 0.24.4 prints the pushed-back answer and the next one as ONE message with no separator: the
    // readers refuse it (final_message_joined) rather than read the concatenation.
    joinsPushedBackAnswers: true,
  },
  // The skill form: skills in .pi/skills, the pack's extension in .pi/extensions/<pack>.js. Pi 1.6.0 skips a
  // project's extensions and skills headless unless the project is trusted; install records that trust with
  // --activate in the sandbox's ~/.pi/agent/trust.json, so the run uses the sandbox's home as installed (no
  // --approve).
  pi: {
    install: (sandbox, packs) => {
      installPack('pi', sandbox, packs, 'project', ['--activate']);
      return { home: sandbox.home };
    },
  },
};

/**
 * What stdout gives after one push-back, for the loop tests: the right answer as the final message of a
 * complete run, or (a runtime that joins the answers) a refused run whose last message is wrong + right.
 */
export function assertAnswerAfterPushBack(runtimeId, loop, wrong, right, why) {
  if (!RUNTIMES[runtimeId].joinsPushedBackAnswers) return false;
  assert.equal(loop.run.finish, 'unknown', why);
  assert.equal(loop.run.error?.code, 'final_message_joined', why);
  assert.equal(loop.run.finalText, undefined, why);
  assert.equal(loop.run.messages.at(-1)?.text, `${wrong}${right}`, why);
  if (loop.extracted)
    assert.equal(loop.extracted.success ? 'accepted' : loop.extracted.error.code, 'run_not_complete');
  assert.equal(loop.parsed.status, 1, `skillpack parse: ${loop.parsed.stdout}${loop.parsed.stderr}`);
  assert.equal(JSON.parse(loop.parsed.stdout).ok, false);
  return true;
}

/** Trust the project's Codex hooks the way a person approving them would (through `codex app-server`). */
export function trustCodexHooks(sandbox) {
  return trustHooks({ codex: join(runtimeBinDir, 'codex'), project: sandbox.project, env: sandbox.env });
}

export const LOOP_RUNTIMES = Object.keys(RUNTIMES);

/**
 * Run one prompt through a runtime with the example pack (or the built `packs` of another pack project, whose
 * config `parse` then gets) installed, the model answering `answers` turn by turn (`prepare(sandbox)` runs after
 * the install; `args` are more CLI arguments, `env` more variables). Returns the CLI's output, the
 * model requests, the AgentRun, `extractContract`'s answer for a built-in contract and `skillpack parse`'s.
 */
export async function runLoop(
  runtimeId,
  { prompt, answers, contract, packs = examplePacks(), config, prepare, args, env },
) {
  const sandbox = makeSandbox();
  const runtime = RUNTIMES[runtimeId];
  const setup = runtime.install(sandbox, packs);
  prepare?.(sandbox);
  const model = await scriptedAnswers(answers);
  try {
    const output = await runAgent({
      runtime: runtimeId,
      model,
      prompt,
      project: sandbox.project,
      cli: join(runtimeBinDir, CLI_NAMES[runtimeId]),
      timeoutMs: 180_000,
      ...setup,
      ...(args ? { args } : {}),
      ...(env ? { env: { ...setup.env, ...env } } : {}),
    });
    const delivered = runtime.delivered ?? ((text) => text);
    const requests = output.requests
      .filter((request) => request.hasTools)
      .map((request) => ({ ...request, lastMessage: delivered(request.lastMessage) }));
    // Read back through the adapters as a user would, not through the runner's own reading.
    const run = await readAgentRun(output.stdout, { runtime: runtimeId });
    const extracted = builtinContracts.has(contract)
      ? extractContract(run, contract, { registry: builtinContracts })
      : undefined;
    const file = join(makeTempDir('skillpack-loop-out-'), 'stdout.txt');
    writeFileSync(file, output.stdout);
    const withConfig = config === undefined ? [] : ['--config', config];
    const parsed = skillpack(['parse', '--contract', contract, '--runtime', runtimeId, ...withConfig, file]);
    return { output: { ...output, status: output.exitCode }, requests, run, extracted, parsed, sandbox };
  } finally {
    await model.close();
  }
}

/** A readable summary of a loop's output, for assertion messages. */
export function describeLoop(loop) {
  return [
    `exit ${loop.output.status}${loop.output.signal ? ` (${loop.output.signal})` : ''}`,
    `requests: ${loop.requests.length}`,
    ...loop.requests.map(
      (request, i) => `  [${i}] turn ${request.turn}: ${request.lastMessage.slice(0, 160)}`,
    ),
    `stdout (last 1500): ${loop.output.stdout.slice(-1500)}`,
    `stderr (last 1500): ${loop.output.stderr.slice(-1500)}`,
  ].join('\n');
}

/** The skill of the example pack that speaks each hooked contract. */
const SKILL_OF = { 'conflux.acceptance': 'cflx-accept', 'maestro.result': 'maestro-ralph-cli-execute' };

/**
 * The loop checks for one runtime: for each hooked contract, a wrong answer is pushed back with the contract's
 * correction and the right one ends a run that parses to the expected value; a run that stays wrong ends
 * when the retry budget is spent; a right first answer is never pushed back.
 */
export function defineLoopTests(runtimeId, { describe, it, before, after }) {
  describe(`${runtimeId}: the example pack inside the real agent loop`, () => {
    before(() => {
      ensureRuntimes();
      examplePacks();
    });
    after(removeTempDirs);

    for (const [contract, script] of Object.entries(HOOKED)) {
      it(`${contract}: pushes back a wrong answer with the contract's correction; the right one ends the run`, async () => {
        const loop = await runLoop(runtimeId, {
          prompt: script.prompt,
          answers: [script.wrong, script.right],
          contract,
        });
        const why = describeLoop(loop);
        assert.equal(loop.output.status, 0, why);
        assert.equal(loop.requests.length, 2, `expected the wrong answer and one retry\n${why}`);
        assert.match(loop.requests[0].text, new RegExp(SKILL_OF[contract]), `skill not listed\n${why}`);
        assert.ok(
          loop.requests[1].lastMessage.includes(correctionFor(contract)),
          `the retry does not end with the ${contract} correction\n${why}`,
        );
        if (assertAnswerAfterPushBack(runtimeId, loop, script.wrong, script.right, why)) return;
        assert.equal(loop.run.finish, 'complete', why);
        assert.equal(loop.run.finalText?.trim(), script.right, why);
        assert.equal(loop.extracted.success, true, JSON.stringify(loop.extracted));
        assert.deepEqual(pick(loop.extracted.data, script.expected), script.expected);
        assert.equal(loop.parsed.status, 0, `skillpack parse: ${loop.parsed.stdout}${loop.parsed.stderr}`);
        const parsed = JSON.parse(loop.parsed.stdout);
        assert.equal(parsed.ok, true);
        assert.deepEqual(pick(parsed.value, script.expected), script.expected);
      });
    }

    it('ends a run whose answers stay wrong once the retry budget is spent', async () => {
      const script = HOOKED['conflux.acceptance'];
      const loop = await runLoop(runtimeId, {
        prompt: script.prompt,
        answers: [script.wrong],
        contract: 'conflux.acceptance',
      });
      const why = describeLoop(loop);
      assert.equal(loop.output.status, 0, why);
      // The example config allows two pushbacks: the first answer and two retries, then the run ends.
      assert.equal(loop.requests.length, 3, why);
      for (const retry of loop.requests.slice(1))
        assert.ok(retry.lastMessage.includes(correctionFor('conflux.acceptance')), why);
      assert.equal(loop.extracted.success, false, why);
      const parsed = JSON.parse(loop.parsed.stdout);
      assert.equal(loop.parsed.status, 1, loop.parsed.stdout);
      assert.equal(parsed.ok, false);
    });

    it('never pushes back a right first answer', async () => {
      const script = HOOKED['maestro.result'];
      const loop = await runLoop(runtimeId, {
        prompt: script.prompt,
        answers: [script.right],
        contract: 'maestro.result',
      });
      const why = describeLoop(loop);
      assert.equal(loop.output.status, 0, why);
      assert.equal(loop.requests.length, 1, why);
      assert.equal(loop.extracted.success, true, why);
      assert.deepEqual(pick(loop.extracted.data, script.expected), script.expected);
    });
  });
}

function pick(value, shape) {
  return Object.fromEntries(Object.keys(shape).map((key) => [key, value?.[key]]));
}
