// docs/publishing.md §4 (releases with changesets), run as written from an empty folder: the packed @skillpack/*
// tarballs are published to a real registry, Verdaccio (e2e/_registry.mjs), on 127.0.0.1, which a user npmrc
// names for the @skillpack and @acme scopes (every other package, @changesets/cli and zod, comes from the registry
// npm uses anyway). The ```sh blocks marked `<!-- run-by: scripts/test-pack/changesets.mjs -->` run in order,
// each as one bash script; the project pushes to a bare git repository (the one step of the test's own: adding
// that remote). Then a second changeset is pushed and the workflow of the ```yaml block runs in a fresh clone, its
// `run` steps as written, with the registry and a token where actions/setup-node puts them; and once more with
// nothing pending.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { startRegistry } from '../../e2e/_registry.mjs';
import { INSTALL_TIMEOUT_MS } from './context.mjs';
import { assert, describeRun, run, runOk } from './harness.mjs';
import { publishTarballs } from './quickstart.mjs';

export const CHANGESETS_MARKER = '<!-- run-by: scripts/test-pack/changesets.mjs -->';
const SOURCE = 'docs/publishing.md';
const PACKAGE = '@acme/review-skills';

/** The fenced blocks after each marker in `markdown`, as `{ lang, body }`, in order. */
export function markedBlocks(markdown, marker = CHANGESETS_MARKER) {
  const lines = markdown.replaceAll('\r\n', '\n').split('\n');
  const blocks = [];
  for (let at = 0; at < lines.length; at++) {
    if (lines[at].trim() !== marker) continue;
    let open = at + 1;
    while (open < lines.length && lines[open].trim() === '') open++;
    const fence = /^```(\w+)\s*$/.exec(lines[open] ?? '');
    assert(fence, `${SOURCE}:${at + 1}: no fenced block after the marker`);
    const close = lines.findIndex((line, index) => index > open && /^```\s*$/.test(line));
    assert(close > open, `${SOURCE}:${open + 1}: the block is not closed`);
    blocks.push({ lang: fence[1], line: open + 1, body: `${lines.slice(open + 1, close).join('\n')}\n` });
  }
  return blocks;
}

async function bash(label, script, cwd, env) {
  const result = await run('bash', ['-e', '-o', 'pipefail', '-c', script], {
    cwd,
    env,
    timeoutMs: INSTALL_TIMEOUT_MS,
  });
  if (result.timedOut || result.status !== 0) throw new Error(describeRun(label, result));
  return result;
}

const git = (args, cwd, env) => runOk(`git ${args.join(' ')}`, 'git', args, { cwd, env });

/** A workflow's `run` steps, each with its `env` (a `${{ secrets.NAME }}` taken from `secrets`). */
function workflowSteps(yamlText, secrets) {
  const workflow = parse(yamlText);
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  return steps
    .filter((step) => typeof step.run === 'string')
    .map((step) => ({
      label: step.name ?? step.run.trim().split('\n')[0],
      run: step.run,
      env: Object.fromEntries(
        Object.entries(step.env ?? {}).map(([key, value]) => [
          key,
          String(value).replace(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g, (_, name) => {
            assert(name in secrets, `the workflow needs the secret ${name}`);
            return secrets[name];
          }),
        ]),
      ),
    }));
}

export async function changesetsRelease(ctx) {
  const blocks = markedBlocks(readFileSync(join(ctx.repoRoot, SOURCE), 'utf8'));
  assert(
    blocks.map((block) => block.lang).join(' ') === 'sh sh sh yaml',
    `${SOURCE}: expected three sh blocks and the workflow after ${CHANGESETS_MARKER}; found ${blocks.map((b) => b.lang).join(', ')}`,
  );
  const [setup, add, release, workflow] = blocks;
  const registry = await startRegistry();
  try {
    const dir = join(ctx.work, 'changesets');
    mkdirSync(join(dir, 'empty'), { recursive: true });
    const npmrc = join(dir, 'user.npmrc');
    writeFileSync(npmrc, registry.npmrc(['@skillpack', '@acme']));
    const gitconfig = join(dir, 'gitconfig');
    writeFileSync(
      gitconfig,
      '[user]\n\tname = Pack Author\n\temail = author@example.com\n[init]\n\tdefaultBranch = main\n',
    );
    // A user's own shell: none of the npm settings `npm run test:pack` exports from this repository.
    const inherited = Object.fromEntries(
      Object.entries(ctx.childEnv()).filter(([key]) => !/^npm_config_/i.test(key) && !/^GIT_/.test(key)),
    );
    const env = {
      ...inherited,
      npm_config_update_notifier: 'false',
      npm_config_userconfig: npmrc,
      GIT_CONFIG_GLOBAL: gitconfig,
      GIT_CONFIG_NOSYSTEM: '1',
    };
    await publishTarballs(ctx, env);

    await bash(`${SOURCE}:${setup.line}`, setup.body, join(dir, 'empty'), env);
    const project = join(dir, 'empty', 'acme-review');
    const remote = join(dir, 'origin.git');
    await git(['init', '-q', '--bare', remote], dir, env);
    await git(['remote', 'add', 'origin', remote], project, env);
    await git(['push', '-q', '-u', 'origin', 'HEAD'], project, env);

    await bash(`${SOURCE}:${add.line}`, add.body, project, env);
    await bash(`${SOURCE}:${release.line}`, release.body, project, env);
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    assert(manifest.version === '0.2.0', `changeset version left package.json at ${manifest.version}`);
    assert(
      readFileSync(join(project, 'CHANGELOG.md'), 'utf8').includes('names the test that covers each reason'),
      'CHANGELOG.md lacks the changeset',
    );
    const built = JSON.parse(readFileSync(join(project, 'dist/skill-packs/portable/package.json'), 'utf8'));
    assert(
      built.name === PACKAGE && built.version === '0.2.0',
      `the portable package is ${built.name}@${built.version}, not ${PACKAGE}@0.2.0`,
    );
    let published = await registry.versions(PACKAGE);
    assert(
      published.join() === '0.2.0',
      `the registry holds ${PACKAGE} ${published.join(', ') || 'nothing'}`,
    );
    const tags = async () => (await git(['tag', '--list'], remote, env)).stdout.trim().split('\n');
    assert((await tags()).includes('v0.2.0'), `the remote has the tags ${(await tags()).join(', ')}`);

    // CI: a developer pushes a patch changeset; the workflow runs in a fresh checkout.
    writeFileSync(
      join(project, '.changeset/review-typo.md'),
      `---\n"${PACKAGE}": patch\n---\n\nFix a typo in the review skill.\n`,
    );
    await git(['add', '-A'], project, env);
    await git(['commit', '-qm', 'Fix a typo'], project, env);
    await git(['push', '-q'], project, env);
    const ciNpmrc = join(dir, 'ci.npmrc');
    // What actions/setup-node writes for `registry-url`: the registry, and its token from NODE_AUTH_TOKEN.
    writeFileSync(
      ciNpmrc,
      `@skillpack:registry=${registry.url}/\n@acme:registry=${registry.url}/\n${registry.url.replace(/^http:/, '')}/:_authToken=\${NODE_AUTH_TOKEN}\n`,
    );
    const steps = workflowSteps(workflow.body, { NPM_TOKEN: registry.token });
    // A runner has no git identity of its own: the workflow sets one.
    const runnerGitconfig = join(dir, 'runner.gitconfig');
    writeFileSync(runnerGitconfig, '');
    const ciEnv = { ...env, CI: 'true', npm_config_userconfig: ciNpmrc, GIT_CONFIG_GLOBAL: runnerGitconfig };
    const runWorkflow = async (name) => {
      const checkout = join(dir, name);
      await git(['clone', '-q', remote, checkout], dir, env);
      const outputs = [];
      for (const step of steps)
        outputs.push(
          (await bash(`workflow step "${step.label}"`, step.run, checkout, { ...ciEnv, ...step.env })).stdout,
        );
      return outputs.join('\n');
    };
    await runWorkflow('ci-1');
    published = await registry.versions(PACKAGE);
    assert(
      published.join() === '0.2.0,0.2.1',
      `after the workflow the registry holds ${published.join(', ')}`,
    );
    assert((await tags()).includes('v0.2.1'), `the workflow pushed the tags ${(await tags()).join(', ')}`);
    const second = await runWorkflow('ci-2');
    assert(second.includes('No pending changesets.'), 'the workflow with nothing pending did not stop');
    assert((await registry.versions(PACKAGE)).length === 2, 'the workflow with nothing pending published');
    return `${SOURCE} §4 ran as written: ${PACKAGE} 0.2.0 released by hand and 0.2.1 by the workflow, to Verdaccio at ${registry.url}`;
  } finally {
    await registry.close();
  }
}
