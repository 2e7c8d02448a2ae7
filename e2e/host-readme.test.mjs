// The @skillpack/host README's code, run as written (types stripped by esbuild) against the pinned Codex CLI
// and a scripted model: the typed-verdict example with one correction, and the Conflux acceptance recipe
// (FAIL, repair, PASS).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { disposeHostSetups, hostSetup } from './_host.mjs';
import { ensureRuntimes, makeTempDir, removeTempDirs, repoRoot, runtimeBinDir } from './_support.mjs';

const { transform } = await import('esbuild');
const { acceptanceContract } = await import(join(repoRoot, 'packages/core/dist/conflux/index.js'));
const { createScriptedModel, reply } = await import(join(repoRoot, 'packages/testing/dist/index.js'));

/** The ```typescript blocks of the host README, in order. */
function readmeBlocks() {
  const text = readFileSync(join(repoRoot, 'packages/host/README.md'), 'utf8');
  return [...text.matchAll(/^```typescript\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

/** A folder whose node_modules is the repository's, so the block's own imports resolve unchanged. */
async function moduleFile(name, typescript) {
  const dir = makeTempDir('skillpack-host-readme-');
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  const { code } = await transform(typescript, { loader: 'ts', format: 'esm' });
  writeFileSync(join(dir, name), code);
  return join(dir, name);
}

function runNode(file, args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], {
      env: { ...process.env, ...env, PATH: `${runtimeBinDir}:${env.PATH ?? process.env.PATH}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const FAIL = acceptanceContract.examples.find((example) => example.name === 'structured-fail').value;
const open = [];
before(() => ensureRuntimes());
afterEach(async () => {
  for (const model of open.splice(0)) await model.close();
  disposeHostSetups();
});
after(removeTempDirs);

describe('the @skillpack/host README', () => {
  it('has the typed-verdict example in at most 15 lines of user code', () => {
    const [example] = readmeBlocks();
    const lines = example.split('\n').filter((line) => line.trim() !== '');
    assert.ok(lines.length <= 15, `${lines.length} lines:\n${example}`);
    assert.match(example, /attempts: 2/);
  });

  it('runs the example: a wrong answer, one correction in the same session, a typed verdict', async () => {
    const [example] = readmeBlocks();
    const model = await createScriptedModel({
      replies: [
        {
          when: { lastMessageIncludes: 'Missing acceptance verdict' },
          reply: reply.text(JSON.stringify(FAIL)),
        },
        { when: () => true, reply: reply.text('I read the diff.') },
      ],
    });
    open.push(model);
    const setup = await hostSetup('codex', model.url);
    const file = await moduleFile('review.mjs', example);
    const run = await runNode(file, [setup.project], setup.env);
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    assert.equal(run.stdout.trim(), 'fail after 2 attempt(s)');
    assert.equal(model.requests.length, 2);
    assert.ok(
      model.requests[1].text.includes('I read the diff.'),
      'the correction went into the same session',
    );
  });

  it('runs the acceptance recipe: FAIL, one repair, PASS', async () => {
    const [, recipe] = readmeBlocks();
    let acceptances = 0;
    const model = await createScriptedModel({
      replies: [
        {
          when: { lastMessageIncludes: 'Run the acceptance review of change 42' },
          reply: () => {
            acceptances++;
            return reply.text(JSON.stringify(acceptances === 1 ? FAIL : { acceptance: 'pass' }));
          },
        },
      ],
    });
    open.push(model);
    const setup = await hostSetup('codex', model.url);
    const recipeFile = await moduleFile('accept-change.mjs', recipe);
    const driver = join(recipeFile, '../driver.mjs');
    writeFileSync(
      driver,
      `import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acceptChange } from './accept-change.mjs';
const repaired = [];
const result = await acceptChange({
  runtime: 'codex',
  cwd: process.argv[2],
  changeId: '42',
  repair: async (findings) => {
    repaired.push(findings.length);
    writeFileSync(join(process.argv[2], 'REPAIRED'), 'yes');
  },
});
console.log(JSON.stringify({ outcome: result.outcome, cycle: result.cycle, repaired, ledger: result.ledger }));
`,
    );
    mkdirSync(setup.project, { recursive: true });
    const run = await runNode(driver, [setup.project], setup.env);
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    const outcome = JSON.parse(run.stdout.trim().split('\n').at(-1));
    assert.equal(outcome.outcome, 'accepted', run.stdout);
    assert.equal(outcome.cycle, 1);
    assert.deepEqual(outcome.repaired, [FAIL.findings.length]);
    assert.equal(outcome.ledger.repaired.length, 1, 'the finding consumed its one automatic repair');
    assert.equal(acceptances, 2);
  });

  it('is the recipe examples/host runs in its live mode, byte for byte', () => {
    const [, recipe] = readmeBlocks();
    const file = readFileSync(join(repoRoot, 'examples/host/src/accept-change.ts'), 'utf8');
    assert.equal(file.split('\n').slice(2).join('\n'), recipe);
  });
});

describe('examples/host --live', () => {
  it('runs the acceptance loop through the real Codex CLI: FAIL, the repair command, PASS', async () => {
    const tsc = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'examples/host/tsconfig.json'],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    assert.equal(tsc.status, 0, `${tsc.stdout}${tsc.stderr}`);
    let acceptances = 0;
    const model = await createScriptedModel({
      replies: [
        {
          when: { lastMessageIncludes: 'Run the acceptance review of change 7' },
          reply: () => {
            acceptances++;
            return reply.text(JSON.stringify(acceptances === 1 ? FAIL : { acceptance: 'pass' }));
          },
        },
      ],
    });
    open.push(model);
    const setup = await hostSetup('codex', model.url);
    const run = await runNode(
      join(repoRoot, 'examples/host/dist/main.js'),
      [
        '--live',
        'codex',
        '--cwd',
        setup.project,
        '--change',
        '7',
        '--repair-command',
        'echo "$SKILLPACK_FINDINGS" > REPAIRED.json',
      ],
      setup.env,
    );
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    assert.match(run.stdout, /^repair: /m);
    assert.match(run.stdout, /accepted change 7 after 2 acceptance run\(s\)/);
    assert.ok(existsSync(join(setup.project, 'REPAIRED.json')), 'the repair command ran in the worktree');
    assert.deepEqual(JSON.parse(readFileSync(join(setup.project, 'REPAIRED.json'), 'utf8')), FAIL.findings);
  });
});
