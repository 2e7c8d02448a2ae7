// `skillpack install --runtime codex` wires the pack's Stop hook into .codex/hooks.json next to a person's own
// hooks; the pinned codex lists it (untrusted until trusted), --trust-codex-hooks records its trust so Codex
// runs it, and uninstall takes exactly that trust out of config.toml again (issue #41).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { examplePacks } from './_loops.mjs';
import { ensureRuntimes, makeSandbox, removeTempDirs, runtimeBinDir, skillpack } from './_support.mjs';

const USER_ENTRY = { hooks: [{ type: 'command', command: 'echo my own stop hook' }] };
// A person's config.toml: comments, their own trust entries, no final newline.
const USER_CONFIG =
  '# my codex config\nmodel = "gpt-5.5"  # mine\n\n[hooks.state."/elsewhere/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:abc"\n\n[projects."/elsewhere"]\ntrust_level = "trusted"';

function install(sandbox, ...extra) {
  const run = skillpack(
    [
      'install',
      examplePacks(),
      '--runtime',
      'codex',
      '--scope',
      'project',
      '--dir',
      sandbox.project,
      '--codex',
      join(runtimeBinDir, 'codex'),
      '--format',
      'json',
      ...extra,
    ],
    { env: sandbox.env },
  );
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

const hookFile = (sandbox) => join(sandbox.project, '.codex/hooks.json');
const readHooks = (sandbox) => JSON.parse(readFileSync(hookFile(sandbox), 'utf8'));
const configToml = (sandbox) => join(sandbox.env.CODEX_HOME, 'config.toml');

before(() => {
  ensureRuntimes();
  examplePacks();
});
after(removeTempDirs);

describe('skillpack install --runtime codex: the Stop hook', () => {
  it('is merged next to a person’s own hook, listed by codex with its key and hash, trusted only when asked', () => {
    const sandbox = makeSandbox();
    mkdirSync(join(sandbox.project, '.codex'), { recursive: true });
    writeFileSync(hookFile(sandbox), `${JSON.stringify({ hooks: { Stop: [USER_ENTRY] } }, null, 2)}\n`);
    writeFileSync(configToml(sandbox), USER_CONFIG);

    const first = install(sandbox);
    const program = join(sandbox.project, '.codex/hooks/skillpack-examples/skillpack-hook.cjs');
    assert.ok(existsSync(program));
    const stop = readHooks(sandbox).hooks.Stop;
    assert.deepEqual(stop[0], USER_ENTRY);
    assert.equal(stop.length, 2);
    assert.ok(stop[1].hooks[0].command.includes(program), stop[1].hooks[0].command);

    // Codex lists the installed hook; nothing was trusted behind the user's back.
    const { codexHook } = first;
    assert.equal(codexHook.trusted, false);
    assert.equal(codexHook.recorded, false);
    assert.equal(codexHook.hooks.length, 1, JSON.stringify(codexHook));
    const [hook] = codexHook.hooks;
    assert.equal(hook.key, `${hookFile(sandbox)}:stop:1:0`);
    assert.match(hook.currentHash, /^sha256:[0-9a-f]{64}$/);
    assert.ok(codexHook.configToml.includes(`[hooks.state.${JSON.stringify(hook.key)}]`));
    assert.ok(codexHook.configToml.includes(`trusted_hash = ${JSON.stringify(hook.currentHash)}`));
    assert.ok(codexHook.configToml.includes(`[projects.${JSON.stringify(sandbox.project)}]`));
    assert.equal(readFileSync(configToml(sandbox), 'utf8'), USER_CONFIG, 'install wrote config.toml unasked');

    // Re-install: idempotent. With the flag, project and hook trust are recorded, and Codex reads them.
    const trusted = install(sandbox, '--trust-codex-hooks');
    assert.equal(trusted.status, 'unchanged');
    assert.equal(trusted.codexHook.trusted, true, JSON.stringify(trusted.codexHook));
    assert.equal(trusted.codexHook.hooks[0].trustStatus, 'trusted');
    const config = readFileSync(configToml(sandbox), 'utf8');
    assert.ok(config.startsWith(USER_CONFIG), config);
    assert.ok(config.includes(`trusted_hash = ${JSON.stringify(hook.currentHash)}`), config);
    assert.equal(readHooks(sandbox).hooks.Stop.length, 2);

    // Uninstall takes out only skillpack's entry.
    const removed = skillpack(
      ['uninstall', 'skillpack-examples', '--scope', 'project', '--dir', sandbox.project],
      {
        env: sandbox.env,
      },
    );
    assert.equal(removed.status, 0, `${removed.stdout}\n${removed.stderr}`);
    assert.deepEqual(readHooks(sandbox).hooks, { Stop: [USER_ENTRY] });
    assert.equal(existsSync(program), false);
    // ...and exactly the trust it recorded: the person's config.toml is as it was, byte for byte.
    assert.equal(readFileSync(configToml(sandbox), 'utf8'), USER_CONFIG);
    assert.match(removed.stdout, /Codex: took .*\[hooks\.state\."[^"]+"\].* out of .*config\.toml/);
    assert.equal(existsSync(join(sandbox.env.CODEX_HOME, 'skillpack-codex-trust.json')), false);
  });

  it('uninstall leaves a trust entry the person changed since, and says so', () => {
    const sandbox = makeSandbox();
    const { codexHook } = install(sandbox, '--trust-codex-hooks');
    assert.equal(codexHook.trusted, true, JSON.stringify(codexHook));
    const [hook] = codexHook.hooks;
    const config = readFileSync(configToml(sandbox), 'utf8');
    const mine = config.replace(hook.currentHash, `sha256:${'0'.repeat(64)}`);
    writeFileSync(configToml(sandbox), mine);
    const removed = skillpack(
      ['uninstall', 'skillpack-examples', '--scope', 'project', '--dir', sandbox.project],
      { env: sandbox.env },
    );
    assert.equal(removed.status, 0, `${removed.stdout}\n${removed.stderr}`);
    const left = `[hooks.state.${JSON.stringify(hook.key)}]\ntrusted_hash = "sha256:${'0'.repeat(64)}"\n`;
    // The project's trust went; the changed hook entry stays (with the blank line before it).
    assert.equal(readFileSync(configToml(sandbox), 'utf8'), `\n${left}`);
    assert.match(
      removed.stdout,
      /Codex: left \[hooks\.state\.".*it changed since --trust-codex-hooks added it/,
    );
    assert.match(removed.stdout, /Codex: took \[projects\./);
  });
});
