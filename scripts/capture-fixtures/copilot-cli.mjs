#!/usr/bin/env node
// Capture GitHub Copilot CLI fixtures until `runAgent` knows the runtime: each scenario runs the pinned
// `copilot` (e2e/runtimes) with the isolated setup of @skillpack/testing (`dist/_runtimes/copilot-cli/setup.js`)
// against its scripted model on 127.0.0.1, in a fresh temp HOME and `git init` project. It writes stdout byte
// for byte to packages/adapters/test/fixtures/copilot-cli/captured/<name>, and for hook scenarios also (in
// fixtures/copilot-cli/hook/) the hook's stdin (`<stem>.hook-input.jsonl`) and the session's `events.jsonl` (`<stem>.events.jsonl`), with the
// run's temp root written as `$RUN`. Rewrites captured/SOURCES.md.
//
//   npm run build && node scripts/capture-fixtures/copilot-cli.mjs [--only NAME]
import { execFileSync, spawnSync } from 'node:child_process';
import {
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
import { createScriptedModel, otherwise, reply, when } from '@skillpack/testing';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const testingDist = join(repoRoot, 'packages/testing/dist');
const { copilotCliSetup } = await import(join(testingDist, '_runtimes/copilot-cli/setup.js'));
const { spawnBounded } = await import(join(testingDist, '_spawn.js'));
const CLI = join(repoRoot, 'e2e/runtimes/node_modules/.bin/copilot');
const OUT = join(repoRoot, 'packages/adapters/test/fixtures/copilot-cli/captured');
/** Hook inputs and transcripts: not stdout, so not in captured/ (whose every file is a run's stdout). */
const HOOK_OUT = join(repoRoot, 'packages/adapters/test/fixtures/copilot-cli/hook');

const ANSWER = 'The project holds notes.txt.';
const NOTES = { 'notes.txt': 'hello\n' };
const PASS_ANSWER = 'All checks hold.\n{"acceptance":"pass"}';
const VERDICT_LINE = '{"acceptance":"pass"}';
const SUCCESS_FINAL_TEXT = `All acceptance criteria hold: the tests pass and the changelog entry exists.\n${VERDICT_LINE}`;
const UNICODE_FINAL_TEXT = `Прием принят ✅ — 受け入れ基準はすべて満たされています。مرحبا 👩🏽‍💻 e\u0301\u2028next\n${VERDICT_LINE}`;
const CHANGELOG = { 'CHANGELOG.md': '# Changelog\n\n- Test Files: 3 passed\n' };
const SKILL = `---
name: review
description: Review a change and answer with a verdict line.
---

Answer with one line: VERDICT: pass or VERDICT: fail.
`;

/** A hook that logs its stdin to $HOOK_LOG and blocks the first stop of a chain (or every stop / exit 2). */
function hookCommand(mode) {
  const decide = {
    once: `process.stdout.write(e.stop_hook_active?'{}':JSON.stringify({decision:'block',reason:'Add the word FINAL to your answer.'}))`,
    always: `process.stdout.write(JSON.stringify({decision:'block',reason:'Add the word FINAL to your answer.'}))`,
    exit2: `if(!e.stop_hook_active){process.stderr.write('Add the word FINAL to your answer.');process.exit(2)}`,
  }[mode];
  return `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{require('fs').appendFileSync(process.env.HOOK_LOG,s.trim()+'\\n');const e=JSON.parse(s);${decide}})"`;
}
const githubHooks = (mode) => ({
  '.github/hooks/skillpack-capture.json': JSON.stringify({
    version: 1,
    hooks: { agentStop: [{ type: 'command', bash: hookCommand(mode), timeoutSec: 30 }] },
  }),
});
const claudeHooks = (mode) => ({
  '.claude/settings.json': JSON.stringify({
    hooks: { Stop: [{ hooks: [{ type: 'command', command: hookCommand(mode) }] }] },
  }),
});
const TRUST = ['--trust-folder'];

const textOnly = [otherwise(reply.text(ANSWER))];
const blockedOnce = [
  when({ lastMessageIncludes: 'Add the word FINAL' }, reply.text(`${ANSWER} FINAL`)),
  otherwise(reply.text(ANSWER)),
];

export const SCENARIOS = [
  { name: 'json-text.jsonl', replies: textOnly, about: 'a plain text answer' },
  {
    name: 'json-tool-call.jsonl',
    replies: [
      when({ turn: 0 }, reply.toolCall('bash', { command: 'ls', description: 'List the folder' })),
      otherwise(reply.text(ANSWER)),
    ],
    options: { files: NOTES },
    about: 'a `bash` tool call (`ls`), its result, then the answer',
  },
  {
    name: 'json-success-verdict.jsonl',
    replies: [
      when(
        { turn: 0 },
        reply.message([
          { type: 'text', text: "I'll look at the folder first." },
          { type: 'tool', name: 'bash', input: { command: 'ls', description: 'List the folder' } },
        ]),
      ),
      when({ turn: 1 }, reply.toolCall('bash', { command: 'cat CHANGELOG.md', description: 'Read it' })),
      otherwise(reply.text(SUCCESS_FINAL_TEXT)),
    ],
    options: { files: CHANGELOG },
    about: 'the conformance success story: text and a `bash` call, a second one, then a pass answer',
  },
  {
    name: 'json-unicode.jsonl',
    replies: [otherwise(reply.text(UNICODE_FINAL_TEXT))],
    about: 'an answer of Cyrillic, CJK, Arabic, an emoji ZWJ sequence, a combining accent and U+2028',
  },
  {
    name: 'json-empty-final-message.jsonl',
    replies: [
      when(
        { turn: 0 },
        reply.message([
          { type: 'text', text: PASS_ANSWER },
          { type: 'tool', name: 'bash', input: { command: 'ls', description: 'List the folder' } },
        ]),
      ),
      otherwise(reply.text('')),
    ],
    about: 'a pass as narration beside a tool call, then an empty final answer',
  },
  {
    name: 'json-skill-loaded.jsonl',
    replies: [
      when({ turn: 0 }, reply.toolCall('skill', { skill: 'review' })),
      otherwise(reply.text('VERDICT: pass')),
    ],
    options: { files: { '.github/skills/review/SKILL.md': SKILL } },
    about:
      'a project skill in `.github/skills` listed in `session.skills_loaded`, loaded with a `skill` call',
  },
  {
    name: 'json-max-tokens.jsonl',
    replies: [otherwise(reply.truncated('The project holds no'))],
    about: 'an answer cut by the output-token limit (`finish_reason: length`)',
  },
  {
    name: 'json-http-400.jsonl',
    replies: [otherwise(reply.httpError(400))],
    about: 'the model API answers HTTP 400: `session.error`, `result.exitCode` 1',
  },
  {
    name: 'json-http-500.jsonl',
    replies: [otherwise(reply.httpError(500))],
    about: 'the model API answers HTTP 500: retried 5 times by the CLI, then `session.error`',
  },
  {
    name: 'json-stop-hook-block.jsonl',
    replies: blockedOnce,
    options: { files: githubHooks('once'), args: TRUST },
    hook: true,
    about:
      'a trusted project `agentStop` hook (`.github/hooks`) blocks the first answer once; the corrected answer ends the run',
  },
  {
    name: 'json-stop-hook-claude-settings.jsonl',
    replies: blockedOnce,
    options: { files: claudeHooks('once'), args: TRUST },
    hook: true,
    about:
      'a Claude Code `Stop` hook in `.claude/settings.json`, run by Copilot in a trusted folder, blocks once (Claude-shaped input without `last_assistant_message`)',
  },
  {
    name: 'json-stop-hook-untrusted.jsonl',
    replies: blockedOnce,
    options: { files: githubHooks('once') },
    hook: true,
    about:
      'the same `agentStop` hook without `--trust-folder`: skipped silently, the first answer ends the run',
  },
  {
    name: 'json-stop-hook-exit2.jsonl',
    replies: blockedOnce,
    options: { files: githubHooks('exit2'), args: TRUST },
    hook: true,
    about: 'an `agentStop` hook that exits 2 with a reason on stderr: only a `session.warning`, no push-back',
  },
  {
    name: 'json-stop-hook-always-block.jsonl',
    replies: blockedOnce,
    options: { files: githubHooks('always'), args: TRUST },
    hook: true,
    about:
      'an `agentStop` hook that blocks every stop: the CLI ends the turn after 8 consecutive blocks, rc 0, nothing on stdout marks the cap',
  },
  {
    name: 'json-pass-then-http-400.jsonl',
    replies: [
      when({ lastMessageIncludes: 'Add the word FINAL' }, reply.httpError(400)),
      otherwise(reply.text(PASS_ANSWER)),
    ],
    options: { files: githubHooks('once'), args: TRUST },
    hook: true,
    about:
      'a pass answer, a trusted `agentStop` hook blocks it once, and the next request fails with HTTP 400: the pass is not the final answer of a completed run',
  },
];

export const UNREACHED = [
  'A max-turns stop: `copilot -p` has no turn limit flag.',
  'Subagents (`task` tool): a scripted `task` call needs a custom agent; not captured yet.',
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });

function cliVersion() {
  const run = spawnSync(CLI, ['--version'], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, COPILOT_OFFLINE: 'true' },
  });
  if (run.status !== 0) throw new Error(`copilot --version failed: ${run.stderr}`);
  return run.stdout.split('\n')[0].trim();
}

function baseEnv(root, home, tmp, extra) {
  return {
    PATH: process.env.PATH,
    ...(process.env.LANG ? { LANG: process.env.LANG } : {}),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_RUNTIME_DIR: join(tmp, 'xdg-runtime'),
    TMPDIR: tmp,
    GIT_CONFIG_NOSYSTEM: '1',
    NO_COLOR: '1',
    TERM: 'dumb',
    CI: '1',
    DO_NOT_TRACK: '1',
    HOOK_LOG: join(root, 'hook-log.jsonl'),
    ...extra,
  };
}

function findEvents(home) {
  const dir = join(home, '.copilot/session-state');
  if (!existsSync(dir)) return undefined;
  for (const id of readdirSync(dir)) {
    const file = join(dir, id, 'events.jsonl');
    if (existsSync(file)) return file;
  }
  return undefined;
}

async function capture(scenario) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-capture-copilot-')));
  const home = join(root, 'home');
  const tmp = join(root, 'tmp');
  const project = join(root, 'project');
  for (const dir of [home, tmp, join(tmp, 'xdg-runtime'), project]) mkdirSync(dir, { recursive: true });
  const env = baseEnv(root, home, tmp, {});
  execFileSync('git', ['init', '-q'], { cwd: project, env });
  for (const [path, content] of Object.entries(scenario.options?.files ?? {})) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), content);
  }
  const model = await createScriptedModel({ replies: scenario.replies });
  try {
    const options = {
      runtime: 'copilot-cli',
      model,
      prompt: 'What is in this folder?',
      ...scenario.options,
    };
    const { args, env: runEnv } = await copilotCliSetup.prepare({
      cli: CLI,
      folders: { root, home, tmp, project },
      modelUrl: model.url,
      env,
      options,
    });
    const output = await spawnBounded(CLI, args, { cwd: project, env: runEnv, timeoutMs: 180_000 });
    if (output.timedOut) throw new Error(`${scenario.name}: timed out`);
    const stdout = output.stdout.toString('utf8');
    if (stdout.trim() === '') throw new Error(`${scenario.name}: no stdout\n${output.stderr}`);
    const scrub = (text) => text.replaceAll(root, '$RUN');
    const events = findEvents(home);
    return {
      stdout,
      exitCode: output.exitCode,
      args,
      requests: model.requests.map((request) => request.reply),
      hookLog: existsSync(env.HOOK_LOG) ? scrub(readFileSync(env.HOOK_LOG, 'utf8')) : '',
      events: events ? scrub(readFileSync(events, 'utf8')) : undefined,
      scrub,
    };
  } finally {
    await model.close();
    rmSync(root, { recursive: true, force: true });
  }
}

function describeReplies(replies) {
  return replies
    .map((r) =>
      r.kind === 'http_error'
        ? `HTTP ${r.status}`
        : r.stop !== 'end'
          ? r.stop
          : r.parts.map((part) => (part.type === 'text' ? 'text' : (part.name ?? part.type))).join('+'),
    )
    .join('; ');
}

async function main() {
  const selected = SCENARIOS.filter((scenario) => !values.only || scenario.name === values.only);
  if (selected.length === 0) throw new Error('no scenario matches --only');
  const version = cliVersion();
  mkdirSync(OUT, { recursive: true });
  const rows = new Map();
  const sources = join(OUT, 'SOURCES.md');
  if (existsSync(sources)) {
    for (const line of readFileSync(sources, 'utf8').split('\n')) {
      const name = /^\| `([^`]+)` \|/.exec(line)?.[1];
      if (name && existsSync(join(OUT, name))) rows.set(name, line);
    }
  }
  for (const scenario of selected) {
    const started = Date.now();
    const result = await capture(scenario);
    writeFileSync(join(OUT, scenario.name), result.stdout);
    const stem = scenario.name.replace(/\.jsonl$/, '');
    if (scenario.hook) {
      mkdirSync(HOOK_OUT, { recursive: true });
      writeFileSync(join(HOOK_OUT, `${stem}.hook-input.jsonl`), result.hookLog);
      if (result.events !== undefined) writeFileSync(join(HOOK_OUT, `${stem}.events.jsonl`), result.events);
    }
    const command = `copilot ${result.args.map((arg) => (/^[\w./=:@$-]+$/.test(arg) ? arg : `'${arg}'`)).join(' ')}`;
    rows.set(
      scenario.name,
      `| \`${scenario.name}\` | ${scenario.about} | \`${command}\` | ${result.exitCode} | ${describeReplies(result.requests)} |`,
    );
    console.log(
      `${scenario.name}: exit ${result.exitCode}, ${result.requests.length} requests, ${Date.now() - started} ms`,
    );
  }
  const lines = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
  writeFileSync(
    sources,
    `# GitHub Copilot CLI captures — origin of every file

Captured by \`node scripts/capture-fixtures/copilot-cli.mjs\`: the real CLI (\`${version}\`) ran headless with the
isolated setup of \`@skillpack/testing\` (\`src/_runtimes/copilot-cli/setup.ts\`: fresh HOME, \`COPILOT_OFFLINE=true\`,
BYOK \`COPILOT_PROVIDER_BASE_URL\` on the scripted model's Chat Completions endpoint on 127.0.0.1, \`COPILOT_MODEL\`,
a shared \`XDG_CACHE_HOME\`) in a fresh \`git init\` project, stdin from \`/dev/null\`; its stdout was written byte
for byte. For hook scenarios, \`../hook/<stem>.hook-input.jsonl\` is every stdin the hook got (one line per call)
and \`../hook/<stem>.events.jsonl\` the session's \`~/.copilot/session-state/<id>/events.jsonl\` after the run, with the
temp root written as \`$RUN\`. Ids, times, paths and durations differ from run to run. Read-only: re-capture
rather than edit.

| File | What it shows | Command | Exit | Model replies |
|---|---|---|---|---|
${lines.join('\n')}

## Not reached

${UNREACHED.map((note) => `- ${note}`).join('\n')}
`,
  );
}

await main();
