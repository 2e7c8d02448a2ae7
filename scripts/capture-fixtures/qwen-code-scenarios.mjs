// Qwen Code 0.24.4 captures, the entries of scenarios.mjs for `qwen-code` (name, replies, options, about). Every
// Stop hook here also appends its stdin to `.hook-inputs.jsonl` in the project, which capture-fixtures.mjs keeps as
// `packages/adapters/test/fixtures/qwen-code/hook-inputs/<capture name>.jsonl`.
import { otherwise, reply, when } from '@skillpack/testing';

const ANSWER = 'The project holds notes.txt.';
const NOTES = { 'notes.txt': 'hello\n' };
const REASON = 'Add the word FINAL to your answer.';
const PASS_ANSWER = 'All checks hold.\n{"acceptance":"pass"}';
const FAIL_ANSWER = 'One check fails.\n{"acceptance":"fail","findings":["The folder holds no tests"]}';

/** A Stop hook command: log the payload, then block (`always`) or block the first stop only. */
const hookCommand = (always) =>
  `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{require('fs').appendFileSync(require('path').join(process.env.QWEN_PROJECT_DIR,'.hook-inputs.jsonl'),s.trim()+'\\n');const e=JSON.parse(s);process.stdout.write(${always ? 'true' : '!e.stop_hook_active'}?JSON.stringify({decision:'block',reason:'${REASON}'}):'{}')})"`;
const LOG_ONLY = `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{require('fs').appendFileSync(require('path').join(process.env.QWEN_PROJECT_DIR,'.hook-inputs.jsonl'),s.trim()+'\\n');process.stdout.write('{}')})"`;
const settings = (command) =>
  JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command, timeout: 30 }] }] } });
const BLOCK_ONCE = { '.qwen/settings.json': settings(hookCommand(false)), ...NOTES };
const BLOCK_ALWAYS = { '.qwen/settings.json': settings(hookCommand(true)), ...NOTES };
const LOG_STOPS = { '.qwen/settings.json': settings(LOG_ONLY), ...NOTES };
const PLAIN_STREAM = ['--output-format', 'stream-json'];

const SKILL = `---
name: review
description: Review a change and answer with a verdict line.
---

Answer with one line: VERDICT: pass or VERDICT: fail.
`;

export const QWEN_CODE_SCENARIOS = [
  {
    name: 'stream-json-text.jsonl',
    replies: [otherwise(reply.text(ANSWER))],
    options: { files: NOTES },
    about: 'a plain text answer, with `--include-partial-messages` (the default of runAgent)',
  },
  {
    name: 'stream-json-text-no-partials.jsonl',
    replies: [otherwise(reply.text(ANSWER))],
    options: { files: NOTES, outputArgs: PLAIN_STREAM },
    about: 'the same answer in plain `--output-format stream-json` (no `stream_event` deltas)',
  },
  {
    name: 'stream-json-tool-call.jsonl',
    replies: [
      when({ turn: 0 }, reply.shell('ls', { text: 'Listing the folder.' })),
      otherwise(reply.text(ANSWER)),
    ],
    options: { files: NOTES },
    about: 'text and a `run_shell_command` call (`ls`, yolo), its result, then the answer',
  },
  {
    name: 'stream-json-stop-hook-block.jsonl',
    replies: [
      when({ lastMessageIncludes: REASON }, reply.text(`${ANSWER} FINAL`)),
      otherwise(reply.text(ANSWER)),
    ],
    options: { files: BLOCK_ONCE },
    about:
      'a project Stop hook blocks the first answer once; the corrected answer ends the run. ONE `assistant` line and `result` hold both answers joined with no separator; the deltas after the `content_block_stop` are the second answer',
  },
  {
    name: 'stream-json-stop-hook-block-no-partials.jsonl',
    replies: [
      when({ lastMessageIncludes: REASON }, reply.text(`${ANSWER} FINAL`)),
      otherwise(reply.text(ANSWER)),
    ],
    options: { files: BLOCK_ONCE, outputArgs: PLAIN_STREAM },
    about:
      'the same push-back in plain stream-json: the joined text is all there is, and nothing in the stream says a hook blocked',
  },
  {
    name: 'json-stop-hook-block.json',
    replies: [
      when({ lastMessageIncludes: REASON }, reply.text(`${ANSWER} FINAL`)),
      otherwise(reply.text(ANSWER)),
    ],
    options: { files: BLOCK_ONCE, outputArgs: ['--output-format', 'json'] },
    about: 'the same push-back with `--output-format json`: one JSON array, the answers joined the same way',
  },
  {
    name: 'stream-json-stop-hook-cap.jsonl',
    replies: [otherwise(reply.text(ANSWER))],
    options: { files: BLOCK_ALWAYS },
    about:
      "a Stop hook that always blocks: the CLI's own cap (8 consecutive blocks) ends the run with `success`; nothing in stdout marks the cap",
  },
  {
    name: 'stream-json-pass-then-http-401.jsonl',
    replies: [
      when({ lastMessageIncludes: REASON }, reply.httpError(401)),
      otherwise(reply.text(PASS_ANSWER)),
    ],
    options: { files: BLOCK_ONCE },
    about:
      'a pass answer, a Stop hook blocks it once, and the next request fails with HTTP 401: the run errors, and the pass is not the final answer of a completed run',
  },
  {
    name: 'stream-json-block-then-tool.jsonl',
    replies: [
      when({ lastMessageIncludes: REASON }, reply.shell('ls', { text: 'Checking again.' })),
      when({ turn: 0 }, reply.text(FAIL_ANSWER)),
      otherwise(reply.text(PASS_ANSWER)),
    ],
    options: { files: BLOCK_ONCE },
    about:
      'a fail answer is blocked; the next attempt narrates, calls `run_shell_command`, then answers pass in a new message',
  },
  {
    name: 'stream-json-tool-then-empty.jsonl',
    replies: [when({ turn: 0 }, reply.shell('ls', { text: PASS_ANSWER })), otherwise(reply.text(''))],
    options: { files: LOG_STOPS },
    about:
      'a pass as narration beside a tool call, then an empty final reply; the Stop hook (log only) gets the placeholder `[no response text]`',
  },
  {
    name: 'stream-json-http-400.jsonl',
    replies: [otherwise(reply.httpError(400))],
    about:
      'the model API answers HTTP 400: the error text arrives as assistant text, then an error result (exit 1)',
  },
  {
    name: 'stream-json-skill-loaded.jsonl',
    replies: [
      when({ turn: 0 }, reply.toolCall('skill', { skill: 'review' })),
      otherwise(reply.text('VERDICT: pass')),
    ],
    options: { files: { '.qwen/skills/review/SKILL.md': SKILL } },
    about: 'a project skill in `.qwen/skills`, loaded with a `skill` tool call (yolo), then followed',
  },
];

export const QWEN_CODE_UNREACHED = [
  'A run that `--max-session-turns` or `--max-wall-time` stops (exit 55), and a subagent (`agent` tool) run, were not captured.',
  'HTTP 5xx: with `model.generationConfig.maxRetries: 0` Qwen Code 0.24.4 still replays a 5xx stream (STREAM_RETRY_CONFIG, seven requests over 75 s here) before its `error_during_execution` result; the 400 capture shows the same result shape.',
];
