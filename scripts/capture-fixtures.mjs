#!/usr/bin/env node
// Capture runtime fixtures from the real CLIs: each scenario of capture-fixtures/scenarios.mjs runs the pinned
// Claude Code, Codex or OpenCode CLI (e2e/runtimes, installed by `npm run test:runtimes`) against the scripted
// model of @skillpack/testing, and its stdout is written byte for byte to
// packages/adapters/test/fixtures/<runtime>/captured/<name>, with a SOURCES.md naming CLI version and command.
//
//   npm run fixtures:capture [-- --runtime claude-code|codex|opencode] [--only NAME]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { CLI_NAMES, createScriptedModel, runAgent } from '@skillpack/testing';
import { ensureRuntimes, node22, RUNTIME_TITLES } from '../e2e/_support.mjs';
import { SCENARIOS, UNREACHED } from './capture-fixtures/scenarios.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const binDir = join(repoRoot, 'e2e/runtimes/node_modules/.bin');
// The CLI of each runtime (its @skillpack/testing declaration) and its name (e2e/_support.mjs).
const CLI = CLI_NAMES;
const TITLE = RUNTIME_TITLES;

const { values } = parseArgs({ options: { runtime: { type: 'string' }, only: { type: 'string' } } });

function cliVersion(runtime) {
  // The pinned Node 22 goes first on PATH: Pi (and Qwen Code) start with `#!/usr/bin/env node` and need it.
  const env = { ...process.env, PATH: `${dirname(node22)}:${process.env.PATH ?? ''}` };
  const run = spawnSync(join(binDir, CLI[runtime]), ['--version'], {
    encoding: 'utf8',
    timeout: 60_000,
    env,
  });
  if (run.status !== 0) throw new Error(`${CLI[runtime]} --version failed: ${run.stderr}`);
  return run.stdout.trim();
}

/** The command line as a person would type it: the CLI's name, temp paths shown as `$RUN`, shell quoting. */
function commandLine(result) {
  const quote = (arg) => (/^[\w./=:@$-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);
  const [cli, ...args] = result.command;
  return [basename(cli), ...args.map((arg) => arg.replaceAll(result.folders.root, '$RUN'))]
    .map(quote)
    .join(' ');
}

/** The requests the model got, in order: turn, tools or not and the reply kind; repeats counted. */
function requestSummary(requests) {
  const described = requests.map((request) => {
    const reply =
      request.reply.kind === 'http_error'
        ? `HTTP ${request.reply.status}`
        : request.reply.stop !== 'end'
          ? { length: 'truncated', refusal: 'refused' }[request.reply.stop]
          : request.reply.parts
              .map((part) => (part.type === 'text' ? 'text' : part.type === 'shell' ? 'shell' : part.name))
              .join('+');
    return `turn ${request.turn}${request.hasTools ? '' : ' (no tools)'} -> ${reply}`;
  });
  const runs = [];
  for (const line of described) {
    if (runs.at(-1)?.line === line) runs.at(-1).count += 1;
    else runs.push({ line, count: 1 });
  }
  return runs.map(({ line, count }) => (count > 1 ? `${line} (×${count})` : line)).join('; ');
}

function sourcesFile(runtime, version, rows) {
  const existing = new Map();
  const file = join(repoRoot, 'packages/adapters/test/fixtures', runtime, 'captured/SOURCES.md');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const name = /^\| `([^`]+)` \|/.exec(line)?.[1];
      // Rows of files that are gone (a renamed scenario) are dropped.
      if (name && existsSync(join(dirname(file), name))) existing.set(name, line);
    }
  }
  for (const row of rows) existing.set(row.name, row.line);
  const lines = [...existing.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
  return `# ${TITLE[runtime]} captures — origin of every file

Captured by \`npm run fixtures:capture -- --runtime ${runtime}\`: the real CLI (\`${version}\`) ran
headless through \`runAgent\` of \`@skillpack/testing\` against its scripted model on 127.0.0.1, in a fresh temp
HOME and \`git init\` project (\`$RUN\` below is that run's temp root), and its stdout was written byte for byte.
Commands read stdin from \`/dev/null\` unless marked \`< stdin\` (the scenario's input).
Re-running the script sends the same scripted replies (see \`scripts/capture-fixtures/scenarios.mjs\`); ids, times,
paths and durations differ from run to run. Read-only: re-capture rather than edit.

| File | What it shows | Command | Exit | Model requests |
|---|---|---|---|---|
${lines.join('\n')}

## Not reached

${UNREACHED[runtime].map((note) => `- ${note}`).join('\n')}
`;
}

async function capture(scenario) {
  const model = await createScriptedModel({ replies: scenario.replies });
  const result = await runAgent({
    runtime: scenario.runtime,
    model,
    cli: join(binDir, CLI[scenario.runtime]),
    prompt: scenario.prompt ?? 'What is in this folder?',
    timeoutMs: 180_000,
    ...scenario.options,
    // A scenario's Stop hook logs its stdin to `.hook-inputs.jsonl` in the project: keep the run to read it.
    ...(scenario.runtime === 'qwen-code' ? { keepTemp: true } : {}),
  }).finally(() => model.close());
  if (scenario.runtime === 'qwen-code') {
    const log = join(result.folders.project, '.hook-inputs.jsonl');
    result.hookInputs = existsSync(log) ? readFileSync(log, 'utf8') : undefined;
    rmSync(result.folders.root, { recursive: true, force: true });
  }
  if (result.timedOut) throw new Error(`${scenario.name}: the run timed out\n${result.stderr.slice(-2000)}`);
  if (result.stdout.trim() === '')
    throw new Error(`${scenario.name}: no stdout\n${result.stderr.slice(-2000)}`);
  return result;
}

async function main() {
  const selected = SCENARIOS.filter(
    (scenario) =>
      (!values.runtime || scenario.runtime === values.runtime) &&
      (!values.only || scenario.name === values.only),
  );
  if (selected.length === 0) throw new Error('no scenario matches --runtime/--only');
  ensureRuntimes();
  for (const runtime of RUNTIME_IDS) {
    const scenarios = selected.filter((scenario) => scenario.runtime === runtime);
    if (scenarios.length === 0) continue;
    const version = cliVersion(runtime);
    const dir = join(repoRoot, 'packages/adapters/test/fixtures', runtime, 'captured');
    mkdirSync(dir, { recursive: true });
    const rows = [];
    for (const scenario of scenarios) {
      const started = Date.now();
      const result = await capture(scenario);
      writeFileSync(join(dir, scenario.name), result.stdout);
      const hookFile = join(dir, '../hook-inputs', scenario.name.replace(/\.[^.]+$/, '.jsonl'));
      if (result.hookInputs !== undefined) {
        mkdirSync(dirname(hookFile), { recursive: true });
        writeFileSync(hookFile, result.hookInputs);
      }
      const cells = [
        `\`${scenario.name}\``,
        `${scenario.about}${result.hookInputs ? ` (hook stdin: \`../hook-inputs/${scenario.name.replace(/\.[^.]+$/, '.jsonl')}\`)` : ''}`,
        `\`${commandLine(result).replaceAll('|', '\\|')}${scenario.options?.stdin ? ' < stdin' : ''}\``,
        String(result.exitCode),
        requestSummary(result.requests),
      ];
      rows.push({ name: scenario.name, line: `| ${cells.join(' | ')} |` });
      console.log(
        `${runtime} ${scenario.name}: exit ${result.exitCode}, ${result.requests.length} requests, finish ${result.run.finish}, ${Date.now() - started} ms`,
      );
    }
    writeFileSync(join(dir, 'SOURCES.md'), sourcesFile(runtime, version, rows));
  }
}

await main();
