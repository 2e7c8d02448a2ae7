// Codex's plugin form as `skillpack install` leaves it, with every hook Codex lists trusted (what a user who
// trusts all in `/hooks` gets): the Stop hook runs once per stop, not once from ~/.codex/hooks.json and again
// from the plugin's own hooks/hooks.json in Codex's plugin cache. Counted with a `node` on PATH that logs each
// hook process before it runs the real one.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { listCodexHooks, openCodexAppServer, trustCodexHookHashes } from '@skillpack/adapters/codex';
import { runAgent } from '@skillpack/testing';
import { correctionFor, examplePacks, HOOKED, scriptedAnswers } from './_loops.mjs';
import { ensureRuntimes, makeSandbox, removeTempDirs, runtimeBinDir, skillpack } from './_support.mjs';

before(() => {
  ensureRuntimes();
  examplePacks();
});
after(removeTempDirs);

const codex = join(runtimeBinDir, 'codex');

describe('codex plugin form (user scope), every listed hook trusted', () => {
  it('runs the Stop hook once per stop, and still pushes a wrong answer back', async () => {
    const sandbox = makeSandbox();
    const install = skillpack(
      [
        'install',
        examplePacks(),
        '--runtime',
        'codex',
        '--scope',
        'user',
        '--home',
        sandbox.home,
        '--codex',
        codex,
        '--trust-codex-hooks',
      ],
      { cwd: sandbox.project, env: sandbox.env },
    );
    assert.equal(install.status, 0, `${install.stdout}\n${install.stderr}`);

    // Trust whatever else Codex lists, as a user trusting every hook in /hooks would.
    const server = await openCodexAppServer({ codex, cwd: sandbox.project, env: sandbox.env });
    let listed;
    try {
      const hooks = await listCodexHooks(server, [sandbox.project]);
      await trustCodexHookHashes(
        server,
        hooks.filter((hook) => hook.trustStatus !== 'trusted'),
      );
      listed = await listCodexHooks(server, [sandbox.project]);
    } finally {
      await server.close();
    }
    const stops = listed.filter((hook) => /:stop:/.test(hook.key));
    assert.equal(stops.length, 1, `Codex lists more than one Stop hook:\n${JSON.stringify(stops, null, 1)}`);
    assert.ok(stops.every((hook) => hook.trustStatus === 'trusted'));

    const shim = join(sandbox.home, 'shim');
    mkdirSync(shim, { recursive: true });
    const log = join(sandbox.home, 'hook-runs.log');
    writeFileSync(
      join(shim, 'node'),
      `#!/bin/sh\ncase "$*" in *skillpack-hook.cjs*) echo "$*" >> "${log}";; esac\nexec "${process.execPath}" "$@"\n`,
    );
    chmodSync(join(shim, 'node'), 0o755);

    const script = HOOKED['conflux.acceptance'];
    const model = await scriptedAnswers([script.wrong, script.right]);
    let output;
    try {
      output = await runAgent({
        runtime: 'codex',
        model,
        prompt: script.prompt,
        project: sandbox.project,
        home: sandbox.home,
        cli: codex,
        timeoutMs: 180_000,
        env: { PATH: `${shim}:${process.env.PATH}` },
      });
    } finally {
      await model.close();
    }
    const requests = output.requests.filter((request) => request.hasTools);
    const runs = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
    const why = `exit ${output.exitCode}, ${requests.length} requests; hook runs:\n${runs.join('\n')}\n${output.stderr.slice(-800)}`;
    assert.equal(output.exitCode, 0, why);
    assert.equal(requests.length, 2, `expected the wrong answer and one retry\n${why}`);
    // Codex 0.169 hands a hook's reason to the model inside <hook_prompt>, XML-escaped.
    const retry = requests[1]?.lastMessage.replaceAll('&quot;', '"').replaceAll('&amp;', '&') ?? '';
    assert.ok(retry.includes(correctionFor('conflux.acceptance')), why);
    // Two stops (the wrong answer, the right one): one hook run each.
    assert.equal(runs.length, 2, why);
    assert.equal(output.run.finalText?.trim(), script.right, why);
  });
});
