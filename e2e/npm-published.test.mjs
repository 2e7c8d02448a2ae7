// docs/publishing.md §1, run as written: the author publishes the portable package (to a registry on
// 127.0.0.1, configured the way a user configures one: an .npmrc), a user installs it into node_modules and
// `skillpack install`s it from there and straight from the registry by <name>@<version>.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startRegistry } from './_npm-registry.mjs';
import { makeSandbox, makeTempDir, removeTempDirs, repoRoot, skillpack } from './_support.mjs';

after(removeTempDirs);

const CLI = join(repoRoot, 'packages/skill-gen/dist/cli.js');

/** The ```sh lines of §1 (the npm section) of docs/publishing.md. */
function guideCommands() {
  const text = readFileSync(join(repoRoot, 'docs/publishing.md'), 'utf8');
  const section = text.slice(text.indexOf('## 1. npm'), text.indexOf('## 2.'));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
    block[1].split('\n').filter((line) => line.trim() !== ''),
  );
}

/**
 * Run one line of the guide in `cwd`. `@skillpack/skill-gen` is this repository's build, not yet on the
 * registry, so `npx -p @skillpack/skill-gen skillpack` runs its built CLI; every other word is as written.
 */
async function runLine(line, cwd, env) {
  const command = line.replace('npx -p @skillpack/skill-gen skillpack', `node ${JSON.stringify(CLI)}`);
  const run = await sh(command, cwd, env);
  assert.equal(run.status, 0, `${line}\n${run.stdout}\n${run.stderr}`);
  return run;
}

/** Asynchronously, so the registry in this process keeps answering while npm talks to it. */
function sh(command, cwd, env) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

describe('docs/publishing.md §1: npm, the portable pack', () => {
  it('publishes, installs from node_modules and from <name>@<version>, as the guide says', async () => {
    const registry = await startRegistry();
    try {
      const sandbox = makeSandbox();
      const npmrc = join(makeTempDir('skillpack-npmrc-'), '.npmrc');
      const host = registry.url.replace(/^http:/, '');
      writeFileSync(
        npmrc,
        `registry=${registry.url}/\n${host}/:_authToken=test-token\naudit=false\nfund=false\nupdate-notifier=false\n`,
      );
      const env = {
        ...sandbox.env,
        npm_config_userconfig: npmrc,
        npm_config_cache: makeTempDir('npm-cache-'),
      };

      // The author's pack, named as the guide names it.
      const author = makeTempDir('skillpack-author-');
      execFileSync('mkdir', ['-p', join(author, 'skills/review')]);
      writeFileSync(
        join(author, 'skills/review/skill.md'),
        '---\nname: review\ndescription: Review a change and list what to fix.\n---\nReview the diff.\n',
      );
      writeFileSync(
        join(author, 'skillpack.config.json'),
        JSON.stringify({
          name: 'review-skills',
          version: '1.2.0',
          description: 'Review skills.',
          author: { name: 'Acme' },
          license: 'MIT',
          skills: ['skills/review'],
          targets: ['claude-code', 'codex', 'opencode', 'portable'],
          out: 'dist/skill-packs',
          portable: { packageName: '@acme/review-skills' },
        }),
      );
      const built = skillpack(['build'], { cwd: author });
      assert.equal(built.status, 0, built.stderr);

      const lines = guideCommands();
      const publish = lines.filter((line) => line.startsWith('npm publish'));
      const user = lines.filter((line) => !line.startsWith('npm publish'));
      assert.equal(publish.length, 1, lines.join('\n'));
      assert.ok(user.length >= 3, lines.join('\n'));
      await runLine(publish[0], author, env);
      assert.ok(registry.packages.get('@acme/review-skills')?.versions['1.2.0'], 'nothing was published');

      writeFileSync(
        join(sandbox.project, 'package.json'),
        '{"name":"app","version":"1.0.0","private":true}\n',
      );
      for (const line of user) await runLine(line, sandbox.project, env);

      const skill = readFileSync(join(author, 'dist/skill-packs/portable/skills/review/SKILL.md'), 'utf8');
      assert.ok(
        existsSync(join(sandbox.project, 'node_modules/@acme/review-skills/skillpack.manifest.json')),
      );
      assert.equal(readFileSync(join(sandbox.project, '.claude/skills/review/SKILL.md'), 'utf8'), skill);
      assert.equal(readFileSync(join(sandbox.project, '.agents/skills/review/SKILL.md'), 'utf8'), skill);
      const lock = JSON.parse(readFileSync(join(sandbox.project, 'skillpack-lock.json'), 'utf8'));
      assert.deepEqual(
        lock.installs.map((install) => [install.pack.name, install.pack.version, install.runtime]).sort(),
        [
          ['review-skills', '1.2.0', 'claude-code'],
          ['review-skills', '1.2.0', 'codex'],
        ],
      );

      // A version the registry does not have: a typed error naming the spec, nothing installed.
      const missing = await sh(
        `node ${JSON.stringify(CLI)} install @acme/review-skills@9.9.9 --runtime opencode --scope project`,
        sandbox.project,
        env,
      );
      assert.notEqual(missing.status, 0);
      assert.match(missing.stderr, /npm pack @acme\/review-skills@9\.9\.9/);
      assert.equal(existsSync(join(sandbox.project, '.opencode')), false);
    } finally {
      await registry.close();
    }
  });
});
