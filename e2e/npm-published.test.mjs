// docs/publishing.md §1, run as written: the author publishes the portable package of a pack made by
// `skillpack init` (its own contract, hooked) to a registry on 127.0.0.1, configured the way a user configures
// one (an .npmrc); a user installs it into node_modules and `skillpack install`s it from there and straight from
// the registry by <name>@<version>, for Claude Code, Codex and OpenCode; then each real CLI, headless in that
// project against a scripted model, has a wrong answer pushed back with the contract's correction and the right
// one accepted. The guide's `npx skills add` lines run too, with the pinned skills CLI on the pinned Node 22,
// offline, in a project of their own.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runAgent } from '@skillpack/testing';
import { scriptedAnswers } from './_loops.mjs';
import { startRegistry } from './_registry.mjs';
import {
  ensureRuntimes,
  makeSandbox,
  makeTempDir,
  node22,
  removeTempDirs,
  repoRoot,
  runtimeBinDir,
  skillpack,
  skillsCli,
} from './_support.mjs';

before(ensureRuntimes);
after(removeTempDirs);

const CLI = join(repoRoot, 'packages/skill-gen/dist/cli.js');

/** The ```sh blocks of §1 (the npm section) of docs/publishing.md, each as its non-empty lines. */
function guideBlocks() {
  const text = readFileSync(join(repoRoot, 'docs/publishing.md'), 'utf8');
  const section = text.slice(text.indexOf('## 1. npm'), text.indexOf('## 2.'));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    block[1].split('\n').filter((line) => line.trim() !== ''),
  );
}

/**
 * Run one line of the guide in `cwd`. `@skillpack/skill-gen` is this repository's build, not yet on the
 * registry, so `npx -p @skillpack/skill-gen skillpack` runs its built CLI, and `npx skills` is the pinned skills
 * CLI on the pinned Node 22 (nothing fetched); every other word is as written.
 */
async function runLine(line, cwd, env) {
  const command = line
    .replace('npx -p @skillpack/skill-gen skillpack', `node ${JSON.stringify(CLI)}`)
    .replace(/^npx skills /, `${JSON.stringify(node22)} ${JSON.stringify(skillsCli)} `);
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

const CLI_OF = { 'claude-code': 'claude', codex: 'codex', opencode: 'opencode' };

// The `skillpack init` pack's contract and the default correction of a contract titled "Review verdict".
const PROMPT = 'Review the change and give your verdict.';
const WRONG = 'Reviewed the diff.\n{"verdict":"maybe","reasons":[]}';
const RIGHT = 'Reviewed the diff.\n{"verdict":"approve","reasons":["The tests cover the change."]}';
const CORRECTION = 'does not satisfy the Review verdict contract';

// Codex 0.169 hands a hook's reason to the model inside <hook_prompt>, XML-escaped.
const unescapeXml = (text) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** The real CLI headless in the user's project as the guide's commands left it. */
async function headless(runtime, sandbox, answers) {
  const model = await scriptedAnswers(answers);
  try {
    const output = await runAgent({
      runtime,
      model,
      prompt: PROMPT,
      project: sandbox.project,
      home: sandbox.home,
      cli: join(runtimeBinDir, CLI_OF[runtime]),
      timeoutMs: 180_000,
    });
    const requests = output.requests
      .filter((request) => request.hasTools)
      .map((request) => ({ ...request, lastMessage: unescapeXml(request.lastMessage) }));
    const why = [
      `${runtime}: exit ${output.exitCode}, ${requests.length} requests`,
      ...requests.map((request, i) => `  [${i}] ${request.lastMessage.slice(0, 300)}`),
      `stdout (last 1200): ${output.stdout.slice(-1200)}`,
      `stderr (last 800): ${output.stderr.slice(-800)}`,
    ].join('\n');
    return { output, requests, why };
  } finally {
    await model.close();
  }
}

describe('docs/publishing.md §1: npm, the portable package of a hooked pack', () => {
  let registry;
  let env;
  let author;
  let blocks;
  const sandbox = makeSandbox();

  before(async () => {
    registry = await startRegistry();
    const npmrc = join(makeTempDir('skillpack-npmrc-'), '.npmrc');
    writeFileSync(npmrc, `${registry.npmrc()}audit=false\nfund=false\nupdate-notifier=false\n`);
    env = {
      ...sandbox.env,
      // `--trust-codex-hooks` asks the user's `codex` (on PATH) for the hook's key and hash, then records the trust.
      PATH: `${runtimeBinDir}:${sandbox.env.PATH}`,
      npm_config_userconfig: npmrc,
      npm_config_cache: makeTempDir('npm-cache-'),
      DISABLE_TELEMETRY: '1',
    };

    // The author's pack: `skillpack init` (its own contract, hooked), named and versioned as the guide says
    // (the version in its package.json, the pack's one version source).
    author = join(makeTempDir('skillpack-author-'), 'acme-review');
    const init = skillpack(['init', author]);
    assert.equal(init.status, 0, `${init.stdout}${init.stderr}`);
    const configFile = join(author, 'skillpack.config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    writeFileSync(
      configFile,
      JSON.stringify({ ...config, portable: { packageName: '@acme/review-skills' } }),
    );
    const manifestFile = join(author, 'package.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: '1.2.0' }));
    const built = skillpack(['build'], { cwd: author });
    assert.equal(built.status, 0, built.stderr);

    blocks = guideBlocks();
    assert.equal(blocks.length, 3, JSON.stringify(blocks));
    assert.deepEqual(blocks[0], ['npm publish dist/skill-packs/portable --access public']);
    await runLine(blocks[0][0], author, env);
    assert.deepEqual(await registry.versions('@acme/review-skills'), ['1.2.0'], 'nothing was published');

    writeFileSync(join(sandbox.project, 'package.json'), '{"name":"app","version":"1.0.0","private":true}\n');
    assert.ok(blocks[1].length >= 4, blocks[1].join('\n'));
    for (const line of blocks[1]) await runLine(line, sandbox.project, env);
    // OpenCode installs @opencode-ai/plugin next to installed plugins unless it is there; the prebuilt plugin
    // needs nothing from it, so an empty stand-in keeps the run offline (a user's OpenCode fetches it).
    const stub = join(sandbox.project, '.opencode/node_modules/@opencode-ai/plugin');
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'package.json'), '{"name":"@opencode-ai/plugin","version":"1.18.33"}\n');
  });
  after(() => registry?.close());

  it('installs each runtime form with its Stop hook or plugin, recorded in the lock', () => {
    assert.ok(existsSync(join(sandbox.project, 'node_modules/@acme/review-skills/skillpack.manifest.json')));
    const lock = JSON.parse(readFileSync(join(sandbox.project, 'skillpack-lock.json'), 'utf8'));
    assert.deepEqual(
      lock.installs
        .map((install) => [install.pack.name, install.pack.version, install.pack.package, install.runtime])
        .sort(),
      [
        ['acme-review', '1.2.0', '@acme/review-skills', 'claude-code'],
        ['acme-review', '1.2.0', '@acme/review-skills', 'codex'],
        ['acme-review', '1.2.0', '@acme/review-skills', 'opencode'],
      ],
    );
    const built = (path) => readFileSync(join(author, 'dist/skill-packs', path), 'utf8');
    // The runtime's own skill form, as from the pack.
    assert.equal(
      readFileSync(join(sandbox.project, '.claude/skills/review/SKILL.md'), 'utf8'),
      built('claude-code/.claude/skills/review/SKILL.md'),
    );
    assert.equal(
      readFileSync(join(sandbox.project, '.agents/skills/review/SKILL.md'), 'utf8'),
      built('codex/.agents/skills/review/SKILL.md'),
    );
    assert.match(readFileSync(join(sandbox.project, '.claude/settings.json'), 'utf8'), /skillpack-hook\.cjs/);
    assert.match(readFileSync(join(sandbox.project, '.codex/hooks.json'), 'utf8'), /skillpack-hook\.cjs/);
    assert.ok(existsSync(join(sandbox.project, '.opencode/plugins/acme-review.js')));
  });

  for (const runtime of ['claude-code', 'codex', 'opencode']) {
    it(`${runtime}, headless in that project: a wrong answer is pushed back with the correction, the right one ends the run`, async () => {
      const loop = await headless(runtime, sandbox, [WRONG, RIGHT]);
      assert.equal(loop.output.exitCode, 0, loop.why);
      assert.equal(loop.requests.length, 2, `expected the wrong answer and one retry\n${loop.why}`);
      assert.ok(loop.requests[1].lastMessage.includes(CORRECTION), loop.why);
      assert.equal(loop.output.run.finish, 'complete', loop.why);
      assert.equal(loop.output.run.finalText?.trim(), RIGHT, loop.why);
    });

    it(`${runtime}: a right first answer is accepted as it is`, async () => {
      const loop = await headless(runtime, sandbox, [RIGHT]);
      assert.equal(loop.output.exitCode, 0, loop.why);
      assert.equal(loop.requests.length, 1, loop.why);
      assert.equal(loop.output.run.finalText?.trim(), RIGHT, loop.why);
    });
  }

  it('npx skills add, in a project of its own: the spec-only skills land where the skills CLI puts them', async () => {
    const own = makeSandbox();
    writeFileSync(join(own.project, 'package.json'), '{"name":"app","version":"1.0.0","private":true}\n');
    const ownEnv = { ...env, HOME: own.home, XDG_CONFIG_HOME: own.env.XDG_CONFIG_HOME };
    for (const line of blocks[2]) await runLine(line, own.project, ownEnv);
    const skill = readFileSync(join(author, 'dist/skill-packs/portable/skills/review/SKILL.md'), 'utf8');
    assert.equal(readFileSync(join(own.project, '.agents/skills/review/SKILL.md'), 'utf8'), skill);
    const claude = join(own.project, '.claude/skills/review');
    assert.ok(lstatSync(claude).isSymbolicLink(), `${claude} is not the link the skills CLI makes`);
    assert.equal(realpathSync(claude), realpathSync(join(own.project, '.agents/skills/review')));
    const lock = JSON.parse(readFileSync(join(own.project, 'skills-lock.json'), 'utf8'));
    assert.deepEqual(Object.keys(lock.skills), ['review']);
  });

  it('refuses a version the registry does not have, with a typed error naming the spec', async () => {
    const missing = await sh(
      `node ${JSON.stringify(CLI)} install @acme/review-skills@9.9.9 --runtime opencode --scope user --home ${JSON.stringify(sandbox.home)}`,
      sandbox.project,
      env,
    );
    assert.notEqual(missing.status, 0);
    assert.match(missing.stderr, /npm pack @acme\/review-skills@9\.9\.9/);
    assert.equal(existsSync(join(sandbox.home, '.config/opencode/skills')), false);
  });
});
