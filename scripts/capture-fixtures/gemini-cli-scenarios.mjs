// The Gemini CLI scenarios of gemini-cli-run.mjs: one per fixture file, each a scripted model and a run of the
// real CLI. Replies depend on the request only, so every re-run sends the CLI the same answers.
import { archProposalDone, renderZfEmitCommand } from '@skillpack/core/zaofu';
import { otherwise, reply, when } from '@skillpack/testing';

const ANSWER = 'The project holds notes.txt.';
const NOTES = { 'notes.txt': 'hello\n' };
const REASON = 'Add the word FINAL to your answer.';

/**
 * An AfterAgent hook that records its stdin and the transcript it is pointed at (into SKILLPACK_CAPTURE_DIR),
 * then answers by its mode: `block-once` (deny unless stop_hook_active), `always` (deny every time), `exit2`
 * (exit 2 with the reason on stderr, once), `stop` (`continue: false`).
 */
const CAPTURE_HOOK = `import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
let input = '';
process.stdin.on('data', (chunk) => (input += chunk)).on('end', () => {
  const dir = process.env.SKILLPACK_CAPTURE_DIR;
  const n = readdirSync(dir).filter((name) => name.startsWith('hook-')).length + 1;
  writeFileSync(\`\${dir}/hook-\${n}.json\`, input);
  const event = JSON.parse(input);
  if (event.transcript_path && existsSync(event.transcript_path))
    writeFileSync(\`\${dir}/transcript-\${n}.jsonl\`, readFileSync(event.transcript_path));
  const mode = process.argv[2];
  const reason = ${JSON.stringify(REASON)};
  if (mode === 'exit2' && !event.stop_hook_active) {
    process.stderr.write(reason);
    process.exit(2);
  }
  let out = {};
  if (mode === 'block-once' && !event.stop_hook_active) out = { decision: 'block', reason };
  if (mode === 'always') out = { decision: 'deny', reason };
  if (mode === 'stop') out = { continue: false, stopReason: 'Stopped by the capture hook.' };
  process.stdout.write(JSON.stringify(out));
});
`;

const hookSettings = (mode) =>
  JSON.stringify({
    hooks: {
      AfterAgent: [
        {
          hooks: [
            {
              type: 'command',
              name: 'capture-gate',
              command: `node "$GEMINI_PROJECT_DIR/.gemini/capture-hook.mjs" ${mode}`,
              timeout: 30000,
            },
          ],
        },
      ],
    },
  });
const withHook = (mode, extra = {}) => ({
  files: {
    ...NOTES,
    '.gemini/capture-hook.mjs': CAPTURE_HOOK,
    '.gemini/settings.json': hookSettings(mode),
    ...extra,
  },
});

const SKILL = `---
name: review
description: Review a change and answer with a verdict line.
---

Answer with one line: VERDICT: pass or VERDICT: fail.
`;

const textOnly = [otherwise(reply.text(ANSWER))];
const toolThenText = [
  when({ turn: 0 }, reply.toolCall('list_directory', { dir_path: '.' }, { text: 'Let me look.' })),
  otherwise(reply.text(ANSWER)),
];
const blockedOnce = [
  when({ lastMessageIncludes: 'Add the word FINAL' }, reply.text(`${ANSWER} FINAL`)),
  otherwise(reply.text(ANSWER)),
];
const toolThenBlocked = [
  when({ lastMessageIncludes: 'Add the word FINAL' }, reply.text(`${ANSWER} FINAL`)),
  when({ turn: 0 }, reply.toolCall('list_directory', { dir_path: '.' }, { text: 'Let me look.' })),
  otherwise(reply.text(ANSWER)),
];
const PASS_ANSWER = 'All checks hold.\n{"acceptance":"pass"}';
const VERDICT_LINE = '{"acceptance":"pass"}';
const UNICODE_FINAL_TEXT = `Прием принят ✅ — 受け入れ基準はすべて満たされています。مرحبا 👩🏽‍💻 e\u0301\u2028next\n${VERDICT_LINE}`;

// The cross-runtime stories of packages/adapters/test/conformance.test.ts (_support/fixtures.ts).
const SUCCESS_FINAL_TEXT = `All acceptance criteria hold: the tests pass and the changelog entry exists.\n${VERDICT_LINE}`;
const CHANGELOG = { 'CHANGELOG.md': '# Changelog\n\n- Test Files: 3 passed\n' };

// ZaoFu's `zf emit` as its skill renders it, run from a project `zf` that exits with a code (printing `says` to stderr).
const ZF_EMIT = `./${renderZfEmitCommand('arch.proposal.done', archProposalDone.examples[0].value)}`;
const zfExiting = (code, says) => `#!/bin/sh\n${says ? `echo '${says}' >&2\n` : ''}exit ${code}\n`;
// A project `zf` that prints and exits as ZaoFu's does (`run_emit`): `Emitted: <type> (<id>)` on success, `Error: …`
// with exit 1 on failure; the last is a `zf` a SIGTERM ends after it printed.
const ZF_LIKE = {
  emitted: '#!/bin/sh\necho "Emitted: arch.proposal.done (evt-0123456789ab)"\n',
  error: '#!/bin/sh\necho "Error: payload must be a JSON object"\nexit 1\n',
  sigterm: '#!/bin/sh\necho started\nkill -TERM $$\n',
};

export const GEMINI_SCENARIOS = [
  {
    name: 'stream-json-success-verdict.jsonl',
    what: 'the conformance success story: text and a `list_directory` call, a `read_file` call, then a pass answer',
    replies: [
      when(
        { turn: 0 },
        reply.toolCall('list_directory', { dir_path: '.' }, { text: "I'll look at the folder first." }),
      ),
      when({ turn: 1 }, reply.toolCall('read_file', { file_path: 'CHANGELOG.md' })),
      otherwise(reply.text(SUCCESS_FINAL_TEXT)),
    ],
    options: { files: CHANGELOG },
  },
  {
    name: 'stream-json-text.jsonl',
    what: 'a plain text answer',
    replies: textOnly,
    options: { files: NOTES },
  },
  {
    name: 'stream-json-deltas.jsonl',
    what: 'one answer streamed in three chunks: three assistant `message` deltas of one turn',
    replies: [
      otherwise(
        reply.message([
          { type: 'text', text: 'All checks ' },
          { type: 'text', text: 'hold.\n{"acceptance":' },
          { type: 'text', text: '"pass"}' },
        ]),
      ),
    ],
    options: { files: NOTES },
  },
  {
    name: 'stream-json-unicode.jsonl',
    what: 'an answer of Cyrillic, CJK, Arabic, an emoji ZWJ sequence, a combining accent and U+2028',
    replies: [otherwise(reply.text(UNICODE_FINAL_TEXT))],
    options: { files: NOTES },
  },
  {
    name: 'stream-json-tool-call.jsonl',
    what: 'text and a `list_directory` call (`tool_use`, `tool_result`), then the answer',
    replies: toolThenText,
    options: { files: NOTES },
  },
  {
    name: 'stream-json-pass-then-tool.jsonl',
    what: 'a pass as narration beside a tool call, then a fail as the final answer',
    replies: [
      when({ turn: 0 }, reply.toolCall('list_directory', { dir_path: '.' }, { text: PASS_ANSWER })),
      otherwise(reply.text('Listed.\n{"acceptance":"fail","findings":["The folder holds no tests"]}')),
    ],
    options: { files: NOTES },
  },
  {
    name: 'stream-json-stop-hook-block.jsonl',
    what: 'a project `AfterAgent` hook denies the first answer once (`decision: "block"`): an `Agent execution blocked` warning between the two answers',
    replies: blockedOnce,
    options: withHook('block-once'),
    keepHooks: true,
  },
  {
    name: 'stream-json-stop-hook-tool.jsonl',
    what: 'text and a tool call, the answer, a hook block, the second answer: `prompt_response` holds all three texts',
    replies: toolThenBlocked,
    options: withHook('block-once'),
    keepHooks: true,
  },
  {
    name: 'stream-json-stop-hook-exit2.jsonl',
    what: 'the hook exits 2 with the reason on stderr once: the same push-back as `decision: "deny"`',
    replies: blockedOnce,
    options: withHook('exit2'),
    keepHooks: true,
  },
  {
    name: 'stream-json-stop-hook-continue-false.jsonl',
    what: 'the hook answers `continue: false`: the run ends after the first answer, `status: "success"`, exit 0',
    replies: blockedOnce,
    options: withHook('stop'),
    keepHooks: true,
  },
  {
    name: 'stream-json-stop-hook-always.jsonl',
    what: 'a hook that denies every answer and a model that never complies: the CLI has no retry bound; the run is killed after 20 s (no `result` line)',
    replies: textOnly,
    options: withHook('always'),
    timeoutMs: 20_000,
    expectTimeout: true,
  },
  {
    name: 'json-stop-hook-block.json',
    what: '`--output-format json` of the blocked-once run: `response` concatenates both answers with no separator',
    replies: blockedOnce,
    options: { ...withHook('block-once'), outputArgs: ['--output-format', 'json'] },
  },
  {
    name: 'json-text.json',
    what: '`--output-format json` of a plain answer: one object with `response` and `stats`',
    replies: textOnly,
    options: { files: NOTES, outputArgs: ['--output-format', 'json'] },
  },
  {
    name: 'json-tool-call.json',
    what: "`--output-format json` of text, a tool call, then the answer: `response` holds the last turn's text only",
    replies: toolThenText,
    options: { files: NOTES, outputArgs: ['--output-format', 'json'] },
  },
  {
    name: 'text.txt',
    what: '`--output-format text`: the answer as plain text, no completion signal',
    replies: textOnly,
    options: { files: NOTES, outputArgs: ['--output-format', 'text'] },
  },
  {
    name: 'stream-json-http-400.jsonl',
    what: 'the model API answers HTTP 400 (not retried): a `result` with `status: "error"`, exit 144 (400 mod 256)',
    replies: [otherwise(reply.httpError(400))],
    options: { files: NOTES },
  },
  {
    name: 'stream-json-http-500.jsonl',
    what: 'the model API answers HTTP 500 (`general.maxAttempts: 1`): `status: "error"`, exit 244 (500 mod 256)',
    replies: [otherwise(reply.httpError(500))],
    options: { files: NOTES },
  },
  {
    name: 'stream-json-pass-then-http-400.jsonl',
    what: 'a pass answer, a hook block, then HTTP 400 on the next request: the run errors after an answer',
    replies: [
      when({ lastMessageIncludes: 'Add the word FINAL' }, reply.httpError(400)),
      otherwise(reply.text(PASS_ANSWER)),
    ],
    options: withHook('block-once'),
  },
  {
    name: 'json-http-400.json',
    what: '`--output-format json` and HTTP 400: stdout stays empty (the error object goes to stderr, kept as `json-http-400.stderr.txt`)',
    replies: [otherwise(reply.httpError(400))],
    options: { files: NOTES, outputArgs: ['--output-format', 'json'] },
    stderrFile: 'json-http-400.stderr.txt',
  },
  {
    name: 'stream-json-truncated.jsonl',
    what: 'the answer ends with `finishReason: "MAX_TOKENS"`',
    replies: [otherwise(reply.truncated('The project holds no'))],
    options: { files: NOTES },
  },
  {
    name: 'stream-json-refused.jsonl',
    what: 'the answer ends with `finishReason: "SAFETY"`',
    replies: [otherwise(reply.refused('I cannot help with that.'))],
    options: { files: NOTES },
  },
  {
    name: 'stream-json-skill-denied.jsonl',
    what: 'a project skill (`.gemini/skills/review`) listed in `systemInstruction`; the model calls `activate_skill`, which headless mode does not declare: the call fails, then the answer',
    replies: [
      when({ turn: 0 }, reply.toolCall('activate_skill', { name: 'review' })),
      otherwise(reply.text('VERDICT: pass')),
    ],
    options: { files: { ...NOTES, '.gemini/skills/review/SKILL.md': SKILL } },
  },
  {
    name: 'stream-json-shell-yolo.jsonl',
    what: '`--yolo`: a `run_shell_command` call runs (`ls`), then the answer',
    replies: [when({ turn: 0 }, reply.shell('ls')), otherwise(reply.text(ANSWER))],
    options: { files: NOTES, args: ['--yolo'] },
  },
  ...[0, 1].map((code) => ({
    name: `stream-json-shell-exit-${code}.jsonl`,
    what: `\`--yolo\`: \`./zf emit …\` runs through \`run_shell_command\` and exits ${code} printing nothing, then the answer; the hook lets it end`,
    replies: [when({ turn: 0 }, reply.shell(ZF_EMIT)), otherwise(reply.text('Done.'))],
    options: { ...withHook('record', { zf: zfExiting(code) }), args: ['--yolo'], executables: ['zf'] },
    keepHooks: true,
  })),
  {
    name: 'stream-json-shell-exit-1-output.jsonl',
    what: '`--yolo`: `./zf emit …` prints an error and exits 1: stream-json shows the output only, the transcript the exit code',
    replies: [when({ turn: 0 }, reply.shell(ZF_EMIT)), otherwise(reply.text('Done.'))],
    options: {
      ...withHook('record', { zf: zfExiting(1, 'zf: emit failed') }),
      args: ['--yolo'],
      executables: ['zf'],
    },
    keepHooks: true,
  },
  {
    name: 'stream-json-shell-signal.jsonl',
    what: "`--yolo`: `./zf emit …` is ended by a signal (`kill -KILL $$`): Gemini's shell reports it (`…: line 5: <pid> Killed  ./zf emit …`), stream-json shows that as the output, the transcript `Exit Code: 137`",
    replies: [when({ turn: 0 }, reply.shell(ZF_EMIT)), otherwise(reply.text('Done.'))],
    options: {
      ...withHook('record', { zf: '#!/bin/sh\nkill -KILL $$\n' }),
      args: ['--yolo'],
      executables: ['zf'],
    },
    keepHooks: true,
  },
  {
    name: 'stream-json-shell-signal-shell.jsonl',
    what: '`--yolo`: `./zf emit …` ends its process group (`kill -KILL 0`), the shell Gemini ran included: stream-json displays `Command terminated by signal: 9`, the transcript `Signal: 9` and no exit code',
    replies: [when({ turn: 0 }, reply.shell(ZF_EMIT)), otherwise(reply.text('Done.'))],
    options: {
      ...withHook('record', { zf: '#!/bin/sh\nkill -KILL 0\n' }),
      args: ['--yolo'],
      executables: ['zf'],
    },
    keepHooks: true,
  },
  ...[
    ['emitted', "prints `Emitted: arch.proposal.done (evt-0123456789ab)` and exits 0, as ZaoFu's `zf` does"],
    [
      'error',
      "prints `Error: payload must be a JSON object` and exits 1, as ZaoFu's `zf` fails: stream-json shows the output only, the transcript `Exit Code: 1`",
    ],
    [
      'sigterm',
      "prints `started`, then a SIGTERM ends it (`kill -TERM $$`): stream-json shows the output and bash's `Terminated` only, the transcript `Exit Code: 143`",
    ],
  ].map(([kind, what]) => ({
    name: `stream-json-shell-zf-${kind}.jsonl`,
    what: `\`--yolo\`: \`./zf emit …\` ${what}`,
    replies: [when({ turn: 0 }, reply.shell(ZF_EMIT)), otherwise(reply.text('Done.'))],
    options: { ...withHook('record', { zf: ZF_LIKE[kind] }), args: ['--yolo'], executables: ['zf'] },
    keepHooks: true,
  })),
  {
    name: 'stream-json-shell-zf-timeout.jsonl',
    what: "`--yolo`, `tools.shell.inactivityTimeout: 2`: `./zf emit …` prints `started`, then sleeps until the shell tool's inactivity timeout ends it: stream-json displays the timeout and the output before it, the transcript the same words and no exit code",
    replies: [when({ turn: 0 }, reply.shell(ZF_EMIT)), otherwise(reply.text('Done.'))],
    options: {
      files: {
        ...withHook('record', { zf: '#!/bin/sh\necho started\nsleep 30\n' }).files,
        '.gemini/settings.json': JSON.stringify({
          ...JSON.parse(hookSettings('record')),
          tools: { shell: { inactivityTimeout: 2 } },
        }),
      },
      args: ['--yolo'],
      executables: ['zf'],
    },
    keepHooks: true,
  },
  {
    name: 'stream-json-untrusted.jsonl',
    what: 'an untrusted folder (`GEMINI_CLI_TRUST_WORKSPACE=false`): exit 55 before any request, empty stdout (stderr kept as `stream-json-untrusted.stderr.txt`)',
    replies: textOnly,
    options: { files: NOTES, env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' } },
    stderrFile: 'stream-json-untrusted.stderr.txt',
  },
];
