// @skillpack/host's runContract through the real, pinned CLIs against a scripted model: right first time,
// a wrong answer corrected in the same session, wrong every time, a crash, an API error, a timeout and an
// abort (with no process of the group left), a user contract from `skillpack init`, each CLI's native
// structured-output option, and the agent's tools running in `cwd` when the host runs in another folder.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import {
  createSilentModel,
  disposeHostSetups,
  fakeBin,
  groupMembers,
  HOST_RUNTIMES,
  hostSetup,
} from './_host.mjs';
import { ensureRuntimes, makeTempDir, removeTempDirs, repoRoot, skillpack } from './_support.mjs';

const { HOST_RUNTIMES: hostRuntimes, runContract } = await import(
  join(repoRoot, 'packages/host/dist/index.js')
);
const { acceptanceContract } = await import(join(repoRoot, 'packages/core/dist/conflux/index.js'));
const { createScriptedModel, reply, when } = await import(join(repoRoot, 'packages/testing/dist/index.js'));

// It starts with `--` on purpose: a prompt is text, never an option of the CLI (runContract puts it after `--`).
const PROMPT = '--review change 42 and end with the Conflux acceptance verdict.';
const WRONG = 'I looked at the change; it seems fine.';
const VERDICT = acceptanceContract.examples.find((example) => example.name === 'structured-fail').value;
const CORRECTION_MARK = 'Missing acceptance verdict';

/** The user contract's value (an object at the root, as OpenAI strict mode needs). */
const USER_VALUE = { verdict: 'approve', reasons: ['The tests cover the change.'] };
const textReply = (value) => reply.text(JSON.stringify(value));

/**
 * What differs per runtime, in one table (every runtime of HOST_RUNTIMES must have a row): the `--version`
 * line of the pinned CLI (for the fake bins), how the model gives the right answer (Claude Code's
 * StructuredOutput tool under --json-schema, text elsewhere), the event kind `onEvent` sees the answer as
 * (`answerEvent`, default `message`), whether it reports no token usage (`noTokenUsage`), a start it refuses
 * with an exit code its host declaration documents (`refusedStart`), the exit code of a run whose model
 * answered HTTP 400 (`http400Exit`, default 1), the arguments that let its shell tool run headless
 * (`shellArgs`), and its native structured-output option: the
 * contract it is proven with and what the scripted model must have received, or why there is none (the
 * case then asserts that runContract ran without one).
 */
const RUNTIMES = {
  'claude-code': {
    versionLine: '2.1.328 (Claude Code)',
    answer: (value) => reply.toolCall('StructuredOutput', value),
    native: {
      contract: () => acceptanceContract,
      value: VERDICT,
      check(attempt, scripted) {
        const schema = JSON.parse(attempt.command[attempt.command.indexOf('--json-schema') + 1]);
        const { $schema: _dialect, ...expected } = acceptanceContract.toJSONSchema({ io: 'input' });
        assert.deepEqual(schema, expected);
        assert.deepEqual(attempt.run.structuredOutput, VERDICT, 'the CLI accepted the schema and used it');
        assert.ok(agentRequests(scripted)[0].tools.includes('StructuredOutput'));
      },
    },
  },
  codex: {
    versionLine: 'codex-cli 0.169.0',
    answer: textReply,
    native: {
      contract: userContract,
      value: USER_VALUE,
      check(_attempt, scripted, contract) {
        const format = agentRequests(scripted)[0].body.text.format;
        assert.equal(format.type, 'json_schema');
        assert.equal(format.strict, true);
        assert.deepEqual(format.schema, contract.toJSONSchema({ io: 'input', variant: 'openai' }));
      },
      // OpenAI strict mode takes only an object at the root: the union-rooted verdict runs without it.
      refused: { contract: () => acceptanceContract, value: VERDICT },
    },
  },
  opencode: {
    versionLine: '1.18.33',
    answer: textReply,
    native: { none: '`opencode run` 1.18.33 has no structured-output option' },
  },
  'gemini-cli': {
    versionLine: '0.61.0',
    answer: textReply,
    // An API error exits with the HTTP status mod 256.
    http400Exit: 144,
    // Its stream-json sends the answer as `message` pieces with `delta: true`, never as a whole message.
    answerEvent: 'delta',
    // An untrusted folder: exit 55 before any request.
    refusedStart: { env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' }, exitCode: 55 },
    // Headless, `run_shell_command` is declared only with --yolo (or an allowing policy).
    shellArgs: ['--yolo'],
    native: { none: '`gemini` 0.61.0 has no structured-output option (`gemini --help`)' },
  },
  'copilot-cli': {
    versionLine: 'GitHub Copilot CLI 1.0.102.',
    answer: textReply,
    // Its `result` line reports premium requests and durations, no token counts.
    noTokenUsage: true,
    native: { none: '`copilot` 1.0.102 has no structured-output option (`copilot --help`)' },
  },
  'qwen-code': {
    versionLine: '0.24.4',
    answer: textReply,
    native: {
      none: '`qwen --json-schema` 0.24.4 fails a run whose answer is text (exit 1, `error_during_execution`), so no correction could follow, and ends on a `structured_output` tool call with no final message',
    },
  },
  pi: {
    versionLine: '1.6.0',
    answer: textReply,
    // Pi exits 0 on an API error: the final message's `stopReason: "error"` decides.
    http400Exit: 0,
    native: { none: '`pi` 1.6.0 has no structured-output option (`pi --help`)' },
  },
};

/** A scripted model answering `first` until the contract's correction arrives, then `corrected`. */
const open = [];
async function model(first, corrected) {
  const scripted = await createScriptedModel({
    replies: [
      { when: { hasTools: false }, reply: reply.text('Change 42') },
      ...(corrected ? [{ when: { lastMessageIncludes: CORRECTION_MARK }, reply: corrected }] : []),
      { when: () => true, reply: first },
    ],
  });
  open.push(scripted);
  return scripted;
}

/** The verdict without the parser's note of where it was read from (`source`). */
function verdictOf(value) {
  const { source: _source, ...verdict } = value;
  return verdict;
}

/** The requests the agent made (not OpenCode's title request). */
const agentRequests = (scripted) => scripted.requests.filter((request) => request.hasTools);

function describeResult(result) {
  return JSON.stringify(
    {
      ok: result.ok,
      error: result.ok ? undefined : { code: result.error.code, message: result.error.message },
      attempts: result.attempts.map((attempt) => ({
        command: attempt.command.slice(1, 5).map((arg) => arg.slice(0, 80)),
        exit: attempt.exitCode,
        finish: attempt.run.finish,
        error: attempt.run.error,
        finalText: attempt.run.finalText?.slice(0, 200),
        stderr: attempt.stderrTail.slice(-400),
      })),
    },
    null,
    1,
  );
}

before(() => ensureRuntimes());
afterEach(async () => {
  for (const scripted of open.splice(0)) await scripted.close();
  disposeHostSetups();
});
after(removeTempDirs);

it('the table has one row per runtime of HOST_RUNTIMES', () => {
  assert.deepEqual(Object.keys(RUNTIMES).sort(), [...HOST_RUNTIMES].sort());
});

for (const runtime of HOST_RUNTIMES) {
  describe(`runContract on ${runtime}`, () => {
    /** runContract on this runtime in `setup`'s project: the acceptance contract and prompt unless `options` say. */
    const runOn = (setup, options = {}) =>
      runContract({
        runtime,
        contract: acceptanceContract,
        prompt: PROMPT,
        cwd: setup.project,
        bin: setup.bin,
        env: setup.env,
        args: setup.args,
        ...options,
      });
    it('right first time: one model request, a typed verdict, usage and events', async () => {
      const scripted = await model(RUNTIMES[runtime].answer(VERDICT));
      const setup = await hostSetup(runtime, scripted.url);
      const events = [];
      const result = await runOn(setup, {
        onEvent: (event, attempt) => events.push({ kind: event.kind, attempt }),
      });
      const why = describeResult(result);
      assert.equal(result.ok, true, why);
      assert.deepEqual(verdictOf(result.value), VERDICT);
      assert.equal(agentRequests(scripted).length, 1, why);
      assert.equal(result.attempts.length, 1);
      const [attempt] = result.attempts;
      assert.equal(attempt.outcome, 'satisfied');
      assert.equal(attempt.correction, undefined);
      assert.ok(attempt.sessionId, why);
      assert.equal(result.sessionId, attempt.sessionId);
      if (RUNTIMES[runtime].noTokenUsage) assert.equal(attempt.usage, undefined, why);
      else assert.ok(attempt.usage && attempt.usage.outputTokens >= 0, why);
      const { answerEvent = 'message' } = RUNTIMES[runtime];
      assert.ok(
        events.some((event) => event.kind === answerEvent && event.attempt === 1),
        JSON.stringify(events),
      );
      // The contract's instructions went with the prompt.
      assert.ok(agentRequests(scripted)[0].text.includes(PROMPT));
      assert.ok(agentRequests(scripted)[0].text.includes('ACCEPTANCE: PASS'));
    });

    it('wrong, then corrected in the same session with the contract correction', async () => {
      const scripted = await model(reply.text(WRONG), RUNTIMES[runtime].answer(VERDICT));
      const setup = await hostSetup(runtime, scripted.url);
      const result = await runOn(setup, {
        attempts: 3,
      });
      const why = describeResult(result);
      assert.equal(result.ok, true, why);
      assert.deepEqual(verdictOf(result.value), VERDICT);
      assert.equal(result.attempts.length, 2, why);
      const [first, second] = result.attempts;
      assert.equal(first.outcome, 'unsatisfied');
      assert.equal(first.contractError.code, 'missing_verdict');
      assert.equal(second.correction, acceptanceContract.correct(first.contractError));
      assert.equal(second.sessionId, first.sessionId, 'the correction ran in the same session');
      const corrected = agentRequests(scripted).find((request) =>
        request.lastMessage.includes(CORRECTION_MARK),
      );
      assert.ok(corrected, 'the correction reached the model');
      // Same session: the corrected request carries the first prompt and the wrong answer as history.
      assert.ok(corrected.text.includes(PROMPT), 'the history holds the first prompt');
      assert.ok(corrected.text.includes(WRONG), 'the history holds the wrong answer');
    });

    it('wrong every time: attempts_exhausted keeps the last candidate', async () => {
      const scripted = await model(reply.text(WRONG));
      const setup = await hostSetup(runtime, scripted.url);
      const result = await runOn(setup, {
        attempts: 2,
      });
      const why = describeResult(result);
      assert.equal(result.ok, false, why);
      assert.equal(result.error.code, 'attempts_exhausted', why);
      assert.equal(result.attempts.length, 2);
      assert.equal(result.error.candidate.error.code, 'missing_verdict');
      assert.equal(result.error.candidate.finalText.trim(), WRONG);
      assert.ok(result.attempts.every((attempt) => attempt.run.finish === 'complete'));
    });

    it('a CLI that exits 3 is exit_nonzero, with its stderr tail', async () => {
      const setup = await hostSetup(runtime, 'http://127.0.0.1:9');
      const result = await runOn(setup, { bin: fakeBin(runtime, RUNTIMES[runtime].versionLine, 3) });
      assert.equal(result.ok, false);
      assert.equal(result.error.code, 'exit_nonzero', describeResult(result));
      assert.equal(result.attempts[0].exitCode, 3);
      assert.match(result.attempts[0].stderrTail, /boom/);
      assert.equal(result.error.details.exitCode, 3);
    });

    const { refusedStart } = RUNTIMES[runtime];
    if (refusedStart) {
      it(`a start it refuses with exit ${refusedStart.exitCode} is exit_nonzero naming why`, async () => {
        const scripted = await model(RUNTIMES[runtime].answer(VERDICT));
        const setup = await hostSetup(runtime, scripted.url, refusedStart.env);
        const result = await runOn(setup);
        const why = describeResult(result);
        assert.equal(result.ok, false, why);
        assert.equal(result.error.code, 'exit_nonzero', why);
        assert.equal(result.attempts[0].exitCode, refusedStart.exitCode, why);
        const meaning = hostRuntimes[runtime].exitCodes[refusedStart.exitCode];
        assert.ok(meaning && result.error.message.includes(meaning), why);
        assert.equal(scripted.requests.length, 0, 'nothing reached the model');
      });
    }

    it('a scripted HTTP 400 is api_error, never a verdict', async () => {
      const scripted = await model(reply.httpError(400, { message: 'scripted bad request' }));
      const setup = await hostSetup(runtime, scripted.url);
      const result = await runOn(setup);
      const why = describeResult(result);
      assert.equal(result.ok, false, why);
      assert.equal(result.error.code, 'api_error', why);
      assert.equal(result.attempts.length, 1);
      assert.equal(result.attempts[0].run.finish, 'error');
      // The run's error event decides, whatever the exit code (Gemini CLI exits with the HTTP status mod 256).
      assert.equal(result.attempts[0].exitCode, RUNTIMES[runtime].http400Exit ?? 1, why);
    });

    it('timeoutMs kills the whole process group: timeout, nothing left', async () => {
      const silent = await createSilentModel();
      try {
        const setup = await hostSetup(runtime, silent.url);
        const result = await runOn(setup, {
          timeoutMs: 4_000,
          killGraceMs: 500,
        });
        assert.equal(result.ok, false);
        assert.equal(result.error.code, 'timeout', describeResult(result));
        const [attempt] = result.attempts;
        assert.equal(attempt.timedOut, true);
        assert.deepEqual(groupMembers(attempt.pid), []);
      } finally {
        await silent.close();
      }
    });

    it('an AbortSignal kills the whole process group: aborted, nothing left', async () => {
      const silent = await createSilentModel();
      try {
        const setup = await hostSetup(runtime, silent.url);
        const controller = new AbortController();
        silent.received.then(() => controller.abort());
        const result = await runOn(setup, {
          signal: controller.signal,
          killGraceMs: 500,
        });
        assert.equal(result.ok, false);
        assert.equal(result.error.code, 'aborted', describeResult(result));
        const [attempt] = result.attempts;
        assert.equal(attempt.aborted, true);
        assert.deepEqual(groupMembers(attempt.pid), []);
      } finally {
        await silent.close();
      }
    });

    it('a user contract from skillpack init gives its typed value', async () => {
      const contract = await userContract();
      const value = USER_VALUE;
      const scripted = await model(RUNTIMES[runtime].answer(value));
      const setup = await hostSetup(runtime, scripted.url);
      const result = await runOn(setup, {
        contract,
        prompt: 'Review the change and give your verdict.',
      });
      assert.equal(result.ok, true, describeResult(result));
      assert.deepEqual(result.value, value);
    });

    it(`the agent's tools run in cwd, not in the folder of the host that started it`, async () => {
      const scripted = await createScriptedModel({
        replies: [
          when({ hasTools: false }, reply.text('Change 42')),
          when({ turn: 0 }, reply.shell('pwd')),
          { when: () => true, reply: RUNTIMES[runtime].answer(VERDICT) },
        ],
      });
      open.push(scripted);
      const setup = await hostSetup(runtime, scripted.url);
      const hostFolder = makeTempDir('skillpack-host-elsewhere-');
      // A host as a user starts it: in its own folder, with its own PWD inherited (not unset) by the CLI.
      const { PWD: _unset, ...env } = setup.env;
      const before = { cwd: process.cwd(), pwd: process.env.PWD };
      process.chdir(hostFolder);
      process.env.PWD = hostFolder;
      let result;
      try {
        result = await runOn(setup, { env, args: [...setup.args, ...(RUNTIMES[runtime].shellArgs ?? [])] });
      } finally {
        process.chdir(before.cwd);
        process.env.PWD = before.pwd;
      }
      const why = describeResult(result);
      assert.equal(result.ok, true, why);
      const [toolResult] = agentRequests(scripted).filter((request) => request.turn === 1);
      assert.ok(toolResult, `the tool result reached the model\n${why}`);
      const output = toolResult.lastMessage;
      assert.ok(output.includes(setup.project), `pwd printed ${JSON.stringify(output)}, not the project`);
      assert.ok(!output.includes(hostFolder), `pwd printed the host's folder: ${JSON.stringify(output)}`);
    });

    const { native } = RUNTIMES[runtime];
    if (native.none) {
      it(`no native structured output (${native.none}): runs with the contract in the prompt only`, async () => {
        const scripted = await model(RUNTIMES[runtime].answer(VERDICT));
        const setup = await hostSetup(runtime, scripted.url);
        const result = await runOn(setup, {
          attempts: 1,
        });
        assert.equal(result.ok, true, describeResult(result));
        assert.equal(result.attempts[0].nativeSchema, false);
        assert.equal(hostRuntimes[runtime].nativeSchema, undefined);
      });
    } else {
      const flag = hostRuntimes[runtime].nativeSchema.flag;
      it(`native structured output: the schema goes through ${flag}`, async () => {
        const contract = await native.contract();
        const scripted = await model(RUNTIMES[runtime].answer(native.value));
        const setup = await hostSetup(runtime, scripted.url);
        const result = await runOn(setup, {
          contract,
        });
        assert.equal(result.ok, true, describeResult(result));
        const [attempt] = result.attempts;
        assert.equal(attempt.nativeSchema, true);
        assert.ok(attempt.command.includes(flag));
        native.check(attempt, scripted, contract);
      });
    }
    if (native.refused) {
      it('a schema the provider would refuse runs without the native option', async () => {
        const { refused } = native;
        const scripted = await model(RUNTIMES[runtime].answer(refused.value));
        const setup = await hostSetup(runtime, scripted.url);
        const result = await runOn(setup, {
          contract: refused.contract(),
        });
        assert.equal(result.ok, true, describeResult(result));
        assert.equal(result.attempts[0].nativeSchema, false);
        assert.equal(agentRequests(scripted)[0].body.text?.format, undefined);
      });
    }
  });
}

let userContractPromise;
/** The contract `skillpack init` scaffolds, loaded the way `skillpack build` loads it. */
function userContract() {
  userContractPromise ??= (async () => {
    const dir = join(makeTempDir('skillpack-host-user-'), 'acme-review');
    const init = skillpack(['init', dir]);
    assert.equal(init.status, 0, `${init.stdout}${init.stderr}`);
    const { loadContractModule } = await import(
      join(repoRoot, 'packages/skill-gen/dist/contracts/load-contract-modules.js')
    );
    const [found] = await loadContractModule('./contracts/review.ts', {
      baseDir: dir,
      origin: join(dir, 'skillpack.config.json'),
    });
    return found.contract;
  })();
  return userContractPromise;
}
