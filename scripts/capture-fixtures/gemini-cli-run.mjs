#!/usr/bin/env node
// Capture Gemini CLI fixtures before `runAgent` knows the runtime: the same isolation as `runAgent` (fresh HOME,
// TMPDIR, `git init` project, env -i but PATH/LANG, stdin /dev/null), the setup of
// packages/testing/src/_runtimes/gemini-cli/setup.ts and the scripted model of @skillpack/testing. Each scenario's
// stdout goes byte for byte to packages/adapters/test/fixtures/gemini-cli/captured/<name>; with `--hooks`, every
// hook call's stdin and the transcript as the hook saw it go to `<name>.hook-<n>.json` / `.transcript-<n>.jsonl`.
//
//   npm run build && node scripts/capture-fixtures/gemini-cli-run.mjs [--only NAME]
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
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
import { spawnRun } from '../../packages/host/dist/spawn-run.js';
import { geminiCliSetup } from '../../packages/testing/dist/_runtimes/gemini-cli/setup.js';
import { GEMINI_SCENARIOS } from './gemini-cli-scenarios.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(repoRoot, 'e2e/runtimes/node_modules/.bin/gemini');
const outDir = join(repoRoot, 'packages/adapters/test/fixtures/gemini-cli/captured');
// What AfterAgent hooks saw, kept apart from the stdout captures (every file of captured/ is a run's stdout).
const hookDir = join(repoRoot, 'packages/adapters/test/fixtures/gemini-cli/hook-runs');
const { values } = parseArgs({ options: { only: { type: 'string' }, keep: { type: 'boolean' } } });

function baseEnv(root, home, tmp) {
  return {
    PATH: process.env.PATH,
    ...(process.env.LANG ? { LANG: process.env.LANG } : {}),
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_RUNTIME_DIR: join(tmp, 'xdg-runtime'),
    TMPDIR: tmp,
    GIT_CONFIG_NOSYSTEM: '1',
    NO_COLOR: '1',
    TERM: 'dumb',
    CI: '1',
    DO_NOT_TRACK: '1',
    SKILLPACK_CAPTURE_DIR: join(root, 'hook-log'),
  };
}

/** A run of the real CLI, the way runAgent will run it once the runtime is registered. */
export async function runGemini(scenario) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-run-gemini-cli-')));
  const home = join(root, 'home');
  const tmp = join(root, 'tmp');
  const project = join(root, 'project');
  for (const dir of [home, tmp, join(tmp, 'xdg-runtime'), project, join(root, 'hook-log')])
    mkdirSync(dir, { recursive: true });
  const env0 = { ...baseEnv(root, home, tmp), ...(scenario.options?.env ?? {}) };
  execFileSync('git', ['init', '-q'], { cwd: project, env: env0 });
  for (const [path, content] of Object.entries(scenario.options?.files ?? {})) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), content);
  }
  for (const path of scenario.options?.executables ?? []) chmodSync(join(project, path), 0o755);
  for (const [path, content] of Object.entries(scenario.options?.homeFiles ?? {})) {
    mkdirSync(dirname(join(home, path)), { recursive: true });
    writeFileSync(join(home, path), content);
  }
  const model = await createScriptedModel({ replies: scenario.replies });
  try {
    const options = { prompt: scenario.prompt ?? 'What is in this folder?', ...scenario.options };
    const { args, env } = await geminiCliSetup.prepare({
      cli,
      folders: { root, home, tmp, project },
      modelUrl: model.url,
      env: env0,
      options,
    });
    const output = await spawnRun(cli, args, {
      runtime: 'gemini-cli',
      cwd: project,
      env,
      timeoutMs: scenario.timeoutMs ?? 120_000,
      signal: undefined,
      killGraceMs: 2_000,
      stderrTailBytes: 64 * 1024,
      read: { runtime: 'gemini-cli' },
      keepStdout: true,
    });
    const hookLog = join(root, 'hook-log');
    const hooks = readdirSync(hookLog)
      .sort()
      .map((name) => ({ name, text: readFileSync(join(hookLog, name), 'utf8') }));
    return {
      args,
      root,
      project,
      home,
      stdout: output.stdout.toString('utf8'),
      stderr: output.stderrTail,
      exitCode: output.exitCode,
      timedOut: output.timedOut,
      requests: [...model.requests],
      hooks,
    };
  } finally {
    await model.close();
    if (!values.keep) rmSync(root, { recursive: true, force: true });
  }
}

function version() {
  const run = spawnSync(cli, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  return run.stdout.trim();
}

function requestSummary(requests) {
  return requests
    .map((request) => {
      const reply =
        request.reply.kind === 'http_error'
          ? `HTTP ${request.reply.status}`
          : request.reply.parts
              .map((part) => (part.type === 'text' ? 'text' : part.type === 'shell' ? 'shell' : part.name))
              .join('+');
      return `turn ${request.turn} -> ${reply}`;
    })
    .join('; ');
}

async function main() {
  const selected = GEMINI_SCENARIOS.filter((scenario) => !values.only || scenario.name === values.only);
  if (selected.length === 0) throw new Error('no scenario matches --only');
  mkdirSync(outDir, { recursive: true });
  mkdirSync(hookDir, { recursive: true });
  const rows = [];
  for (const scenario of selected) {
    const result = await runGemini(scenario);
    if (result.timedOut && !scenario.expectTimeout)
      throw new Error(`${scenario.name}: timed out\n${result.stderr.slice(-2000)}`);
    writeFileSync(join(outDir, scenario.name), result.stdout);
    if (scenario.stderrFile)
      writeFileSync(join(outDir, scenario.stderrFile), result.stderr.replaceAll(result.root, '$RUN'));
    result.hooks.forEach((hook, index) => {
      if (!scenario.keepHooks) return;
      writeFileSync(
        join(hookDir, `${scenario.name.replace(/\.jsonl?$/, '')}.${hook.name}`),
        hook.text.replaceAll(result.root, '$RUN'),
      );
      void index;
    });
    const command = ['gemini', ...result.args]
      .map((arg) => (/^[\w./=:@$-]+$/.test(arg) ? arg : `'${arg}'`))
      .join(' ');
    rows.push({
      name: scenario.name,
      line: `| \`${scenario.name}\` | ${scenario.what} | \`${command}\` | ${result.timedOut ? `${result.exitCode ?? 'signal'} (killed at ${scenario.timeoutMs / 1000} s)` : result.exitCode} | ${requestSummary(result.requests)} |`,
    });
    console.log(
      `${scenario.name}: exit ${result.exitCode}, ${result.requests.length} request(s), ${result.hooks.length} hook file(s)`,
    );
    if (process.env.GEMINI_CAPTURE_DEBUG) console.log(result.stderr.slice(-3000));
  }
  const sources = join(outDir, 'SOURCES.md');
  const existing = new Map();
  if (existsSync(sources)) {
    for (const line of readFileSync(sources, 'utf8').split('\n')) {
      const name = /^\| `([^`]+)` \|/.exec(line)?.[1];
      if (name && existsSync(join(outDir, name))) existing.set(name, line);
    }
  }
  for (const row of rows) existing.set(row.name, row.line);
  const lines = [...existing.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
  writeFileSync(
    sources,
    `# Gemini CLI captures — origin of every file

Captured by \`node scripts/capture-fixtures/gemini-cli-run.mjs\`: the real CLI (\`@google/gemini-cli ${version()}\`,
pinned in \`e2e/runtimes/package.json\`) ran headless against the scripted model of \`@skillpack/testing\` on
127.0.0.1 (the Gemini API, \`streamGenerateContent?alt=sse\`), in a fresh temp HOME and \`git init\` project, with
the isolation of \`packages/testing/src/_runtimes/gemini-cli/setup.ts\` (\`GEMINI_CLI_TRUST_WORKSPACE=true\`,
\`security.auth.selectedType: "gemini-api-key"\`, \`general.maxAttempts: 1\`, \`GOOGLE_GEMINI_BASE_URL\`), stdin
from \`/dev/null\`; its stdout was written byte for byte. In \`../hook-runs/\`, \`*.hook-<n>.json\` files are the stdin an
\`AfterAgent\` hook received, and \`*.transcript-<n>.jsonl\` the transcript file (\`transcript_path\`) as that hook read it,
\`$RUN\` standing for the run's temp root. Scenarios: \`scripts/capture-fixtures/gemini-cli-scenarios.mjs\`.
Ids, times and paths differ from run to run. Read-only: re-capture rather than edit.

| File | What it shows | Command | Exit | Model requests |
|---|---|---|---|---|
${lines.join('\n')}
`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
