// The generated Claude Code plugin carries a README.md, and the pinned `claude plugin validate` accepts it
// under the plugin-directory profile, which refuses a plugin without one.
import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  ensureRuntimes,
  makeSandbox,
  makeTempDir,
  removeTempDirs,
  repoRoot,
  runtime,
  skillpack,
} from './_support.mjs';

let pluginDir;

before(() => {
  ensureRuntimes();
  const packDir = join(makeTempDir('skillpack-packs-'), 'packs');
  const run = skillpack([
    'build',
    '--config',
    join(repoRoot, 'examples/skillpack.config.json'),
    '--out',
    packDir,
    '--target',
    'claude-code',
  ]);
  assert.equal(run.status, 0, `skillpack build failed:\n${run.stdout}\n${run.stderr}`);
  pluginDir = join(packDir, 'claude-code/plugin');
});
after(removeTempDirs);

function validate(dir) {
  const sandbox = makeSandbox();
  return runtime('claude', ['plugin', 'validate', '--profile', 'directory', dir], {
    cwd: sandbox.project,
    env: sandbox.env,
  });
}

describe('the generated Claude Code plugin README', () => {
  it('names the plugin, how to install it and every skill', () => {
    const readme = readFileSync(join(pluginDir, 'README.md'), 'utf8');
    const plugin = JSON.parse(readFileSync(join(pluginDir, '.claude-plugin/plugin.json'), 'utf8'));
    assert.match(readme, new RegExp(`^# ${plugin.name}\\n`));
    assert.ok(readme.includes(`/plugin install ${plugin.name}@`), readme);
    assert.ok(readme.includes(plugin.description), readme);
    for (const skill of readdirSync(join(pluginDir, 'skills')))
      assert.ok(readme.includes(`**${skill}** (\`/${plugin.name}:${skill}\`)`), `${skill} is not listed`);
  });

  it('passes `claude plugin validate --profile directory`', () => {
    const run = validate(pluginDir);
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  });

  it('is what the profile checks: the same plugin without its README fails it', () => {
    const copy = join(makeTempDir('skillpack-plugin-'), 'plugin');
    cpSync(pluginDir, copy, { recursive: true });
    rmSync(join(copy, 'README.md'));
    const run = validate(copy);
    assert.notEqual(
      run.status,
      0,
      `validate accepted a plugin without a README:\n${run.stdout}\n${run.stderr}`,
    );
  });
});
