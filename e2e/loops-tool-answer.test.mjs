// A contract answered by a tool call, not by the final message — ZaoFu's `zf emit`, run by the agent's shell
// tool — inside the real agent loop of every runtime, with a pack that hooks it installed: an agent whose emit
// completed and who ends with a plain sentence is not pushed back, and `extractContract` and `skillpack parse`
// read the emitted payload (one answer on every path); an emit that failed is pushed back with the contract's
// correction. `zf` is ZaoFu's Python CLI, not installable here: the project holds a `zf` that prints and exits as
// ZaoFu's `run_emit` does (`Emitted: <type> (<id>)` and exit 0; `Error: …` and exit 1) or is ended by a signal,
// which is all the agent loop sees of it. Gemini CLI's stream-json shows a command's output, not its exit code,
// whenever it printed something: there zf's own lines prove an emit or nothing does.
import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { builtinContracts } from '@skillpack/core/contracts';
import { reply } from '@skillpack/testing';
import { describeLoop, LOOP_RUNTIMES, runLoop } from './_loops.mjs';
import { ensureRuntimes, makeTempDir, removeTempDirs, repoRoot, skillpack } from './_support.mjs';

const CONTRACT = 'zaofu.arch-proposal-done';
const contract = builtinContracts.require(CONTRACT);
const VALUE = contract.examples[0].value;
// The emit as the skill renders it, run from the project's own `zf`.
const EMIT = `./${contract.render(VALUE)}`;
const DONE = 'Done: the architecture proposal is emitted.';

/**
 * Per runtime, the arguments that let its shell tool run `./zf` headless: Claude Code asks approval for it
 * unless allowed, Gemini CLI declares the tool only with --yolo.
 */
const SHELL_ARGS = { 'claude-code': ['--allowedTools', 'Bash'], 'gemini-cli': ['--yolo'] };

let built;
/** The example skills, built into a pack whose hook enforces the ZaoFu contract (once per file). */
function zaofuPack() {
  if (built) return built;
  const dir = makeTempDir('skillpack-zaofu-pack-');
  const config = join(dir, 'skillpack.config.json');
  writeFileSync(
    config,
    `${JSON.stringify({
      name: 'zaofu-handoff',
      version: '0.1.0',
      description: 'The ZaoFu design handoff skill with its Stop hook.',
      author: { name: 'skillpack contributors' },
      license: 'MIT',
      skills: [join(repoRoot, 'examples/skills/zf-harness-design-handoff')],
      targets: LOOP_RUNTIMES,
      out: 'packs',
      hooks: { [CONTRACT]: { events: ['Stop'], maxBlocks: 1 } },
    })}\n`,
  );
  const run = skillpack(['build', '--config', config]);
  assert.equal(run.status, 0, `skillpack build failed:\n${run.stdout}\n${run.stderr}`);
  built = { config, packs: join(dir, 'packs') };
  return built;
}

/** What ZaoFu's `zf emit` prints and exits with when the emit succeeds, and when it fails (`run_emit`). */
const ZF_EMITTED = 'echo "Emitted: arch.proposal.done (evt-0123456789ab)"';
const ZF_FAILED = 'echo "Error: payload must be a JSON object"; exit 1';

/** A `zf` in the project that runs `script`. */
const zfRunning = (script) => (sandbox) => {
  const file = join(sandbox.project, 'zf');
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
};

/**
 * How a `zf emit` fails, and the command the agent ran it with: every runtime must read each as no answer. The
 * last runs a failing emit behind `|| true`, whose command exits 0: only the command line says it proves nothing.
 */
const FAILED_EMITS = [
  { name: 'exited 1', script: ZF_FAILED, command: EMIT },
  { name: 'ended by a signal', script: 'kill -KILL $$', command: EMIT },
  { name: 'run behind || true', script: ZF_FAILED, command: `${EMIT} || true`, correction: /of its own/ },
];

/**
 * The agent's shell call of `command`. OpenCode 1.18.33 notices a command ended by a signal only when its bash
 * tool's timeout kills it (120 s by default): its own `timeout` argument makes that wait 5 s.
 */
const shellCall = (runtimeId, command) =>
  runtimeId === 'opencode'
    ? reply.toolCall('bash', { command, description: 'Emit the proposal', timeout: 5_000 })
    : reply.shell(command);

before(() => {
  ensureRuntimes();
  zaofuPack();
});
after(removeTempDirs);

for (const runtimeId of LOOP_RUNTIMES) {
  describe(`${runtimeId}: a contract answered by a zf emit tool call, inside the real agent loop`, () => {
    const loopWith = (zfScript, command = EMIT) =>
      runLoop(runtimeId, {
        prompt: 'Hand off the design: emit arch.proposal.done.',
        answers: [shellCall(runtimeId, command), DONE],
        contract: CONTRACT,
        ...zaofuPack(),
        prepare: zfRunning(zfScript),
        args: SHELL_ARGS[runtimeId],
        // As an orchestrator's headless run sets it: every stop is held to the contract, not only attempts.
        env: { SKILLPACK_HOOK_ENFORCE: 'always' },
      });

    it('an emit that completed answers: the hook lets the run end, and every read path gives its payload', async () => {
      const loop = await loopWith(ZF_EMITTED);
      const why = describeLoop(loop);
      assert.equal(loop.output.status, 0, why);
      assert.equal(loop.requests.length, 2, `expected the emit and the final message, no push-back\n${why}`);
      assert.equal(loop.run.finish, 'complete', why);
      assert.equal(loop.extracted.success, true, JSON.stringify(loop.extracted));
      assert.deepEqual(loop.extracted.data, VALUE);
      assert.equal(loop.parsed.status, 0, `skillpack parse: ${loop.parsed.stdout}${loop.parsed.stderr}`);
      assert.deepEqual(JSON.parse(loop.parsed.stdout).value, VALUE);
    });

    for (const { name, script, command, correction } of FAILED_EMITS) {
      it(`an emit that failed (${name}) answers nothing: the hook pushes back with the contract's correction`, async () => {
        const loop = await loopWith(script, command);
        const why = describeLoop(loop);
        assert.equal(loop.output.status, 0, why);
        assert.equal(
          loop.requests.length,
          3,
          `expected the emit, the final message and one push-back\n${why}`,
        );
        assert.match(loop.requests[2].lastMessage, /arch\.proposal\.done/, why);
        if (correction) assert.match(loop.requests[2].lastMessage, correction, why);
        assert.equal(loop.extracted.success, false, why);
        assert.equal(loop.parsed.status, 1, `skillpack parse: ${loop.parsed.stdout}${loop.parsed.stderr}`);
      });
    }
  });
}
