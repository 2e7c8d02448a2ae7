// What scripts/capture-fixtures.mjs captures: one scenario per fixture file, each a scripted model and a run of
// a real CLI. Replies depend on the request only, so every re-run sends the CLIs the same answers.
import { otherwise, reply, when } from '@skillpack/testing';
import { PI_SCENARIOS, PI_UNREACHED } from './pi-scenarios.mjs';
import { QWEN_CODE_SCENARIOS, QWEN_CODE_UNREACHED } from './qwen-code-scenarios.mjs';

const ANSWER = 'The project holds notes.txt.';
const NOTES = { 'notes.txt': 'hello\n' };
const TITLE = when({ hasTools: false }, reply.text('Scripted title'));

/** A Stop hook command that blocks the first stop only (`stop_hook_active` is false then true). */
const BLOCK_ONCE = `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const e=JSON.parse(s);process.stdout.write(e.stop_hook_active?'{}':JSON.stringify({decision:'block',reason:'Add the word FINAL to your answer.'}))})"`;
const STOP_HOOKS = { hooks: { Stop: [{ hooks: [{ type: 'command', command: BLOCK_ONCE }] }] } };

const SKILL = `---
name: review
description: Review a change and answer with a verdict line.
---

Answer with one line: VERDICT: pass or VERDICT: fail.
`;

/** One user message in Claude Code's `--input-format stream-json`. */
const userMessage = (text) =>
  `${JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text }] } })}\n`;

const textOnly = [TITLE, otherwise(reply.text(ANSWER))];
const toolThenText = [
  TITLE,
  when({ turn: 0 }, reply.shell('ls', { text: 'Listing the folder.' })),
  otherwise(reply.text(ANSWER)),
];
const blockedOnce = [
  TITLE,
  when({ lastMessageIncludes: 'Add the word FINAL' }, reply.text(`${ANSWER} FINAL`)),
  otherwise(reply.text(ANSWER)),
];
const httpError = (status) => [otherwise(reply.httpError(status))];
/** A Conflux pass answer; once a Stop hook or plugin pushes it back, the next request fails with HTTP 401. */
const PASS_ANSWER = 'All checks hold.\n{"acceptance":"pass"}';
const passThenHttp401 = [
  TITLE,
  when({ lastMessageIncludes: 'Add the word FINAL' }, reply.httpError(401)),
  otherwise(reply.text(PASS_ANSWER)),
];
const passOnly = [TITLE, otherwise(reply.text(PASS_ANSWER))];
const passThenTool = [
  TITLE,
  when({ turn: 0 }, reply.shell('ls', { text: PASS_ANSWER })),
  otherwise(reply.text('Listed.\n{"acceptance":"fail","findings":["The folder holds no tests"]}')),
];
/** A pass as narration beside a tool call, then an empty final message (Codex prints `agent_message` `""`). */
const passThenEmpty = [
  TITLE,
  when({ turn: 0 }, reply.shell('ls', { text: PASS_ANSWER })),
  otherwise(reply.text('')),
];
const passCut = [TITLE, otherwise(reply.truncated(PASS_ANSWER))];
/** A pass cut at the output-token limit; the model's next reply (the CLI's continuation) finishes it. */
const passCutThenContinued = [
  TITLE,
  when({ turn: 0 }, reply.truncated('All checks')),
  otherwise(reply.text(' hold.\n{"acceptance":"pass"}')),
];
const truncated = [TITLE, otherwise(reply.truncated('The project holds no'))];

// The cross-runtime stories of packages/adapters/test/conformance.test.ts: the same script in every runtime.
// The answers are the test's SUCCESS_FINAL_TEXT, UNICODE_FINAL_TEXT and SUBAGENT_FINAL_TEXT (_support/fixtures.ts).
const VERDICT_LINE = '{"acceptance":"pass"}';
const SUCCESS_FINAL_TEXT = `All acceptance criteria hold: the tests pass and the changelog entry exists.\n${VERDICT_LINE}`;
const UNICODE_FINAL_TEXT = `Прием принят ✅ — 受け入れ基準はすべて満たされています。مرحبا 👩🏽‍💻 e\u0301\u2028next\n${VERDICT_LINE}`;
const SUBAGENT_FINAL_TEXT = `The API TODO is out of scope for this change (see the spec's non-goals).\n${VERDICT_LINE}`;
/** Tool output the answer must never be mixed with: the conformance test looks for "Changelog" and "Test Files". */
const CHANGELOG = { 'CHANGELOG.md': '# Changelog\n\n- Test Files: 3 passed\n' };
/** Two shell calls (text before the first), then the pass answer. */
const successStory = [
  TITLE,
  when({ turn: 0 }, reply.shell('ls', { text: "I'll look at the folder first." })),
  when({ turn: 1 }, reply.shell('cat CHANGELOG.md')),
  otherwise(reply.text(SUCCESS_FINAL_TEXT)),
];
const unicodeAnswer = [TITLE, otherwise(reply.text(UNICODE_FINAL_TEXT))];
/** A subagent answers with a FAIL verdict line; the main agent's own answer is a pass. */
const subagentStory = (tool, input) => [
  TITLE,
  when(
    { lastMessageIncludes: 'CHILD TASK' },
    reply.text('API review: one open TODO.\n{"acceptance":"fail","findings":["An open TODO in the API"]}'),
  ),
  when({ turn: 0, tool }, reply.toolCall(tool, input)),
  otherwise(reply.text(SUBAGENT_FINAL_TEXT)),
];

/** An OpenCode plugin that re-prompts once when the first step finishes with `stop` (runtime-loop.md). */
const OPENCODE_BLOCK_ONCE = `export const BlockOnce = async ({ client }) => {
  let sent = false;
  return {
    event: async ({ event }) => {
      const part = event.type === 'message.part.updated' ? event.properties.part : undefined;
      if (sent || part?.type !== 'step-finish' || part.reason !== 'stop') return;
      sent = true;
      await client.session.prompt({
        path: { id: part.sessionID },
        body: { noReply: true, parts: [{ type: 'text', text: 'Add the word FINAL to your answer.' }] },
      });
    },
  };
};
`;

/**
 * name: fixture file name; runtime; replies: the script; options: more runAgent options;
 * about: what the capture shows, for SOURCES.md.
 */
export const SCENARIOS = [
  // Claude Code
  { runtime: 'claude-code', name: 'stream-json-text.jsonl', replies: textOnly, about: 'a plain text answer' },
  {
    runtime: 'claude-code',
    name: 'stream-json-tool-call.jsonl',
    replies: toolThenText,
    options: { files: NOTES },
    about: 'text and a `Bash` tool call (`ls`), its result, then the answer',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-stop-hook-block.jsonl',
    replies: blockedOnce,
    options: { files: { '.claude/settings.json': JSON.stringify(STOP_HOOKS) } },
    about: 'a project Stop hook blocks the first answer once; the corrected answer ends the run',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-stop-hook-block-hook-events.jsonl',
    replies: blockedOnce,
    options: {
      files: { '.claude/settings.json': JSON.stringify(STOP_HOOKS) },
      args: ['--include-hook-events'],
    },
    about: 'the same block with `--include-hook-events` (hook lifecycle events in the stream)',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-partial-messages.jsonl',
    replies: toolThenText,
    options: { files: NOTES, args: ['--include-partial-messages'] },
    about: 'a tool call and an answer with `--include-partial-messages` (`stream_event` lines)',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-max-turns-pending-tool.jsonl',
    replies: toolThenText,
    options: { files: NOTES, args: ['--max-turns', '1'] },
    about: '`--max-turns 1` while a tool call is pending: `error_max_turns`',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-max-tokens.jsonl',
    replies: truncated,
    about: 'an answer cut by the output-token limit (`stop_reason: max_tokens`)',
  },
  ...[401, 500, 529].map((status) => ({
    runtime: 'claude-code',
    name: `stream-json-http-${status}.jsonl`,
    replies: httpError(status),
    about: `the model API answers HTTP ${status} (retries off: \`CLAUDE_CODE_MAX_RETRIES=0\`)`,
  })),
  {
    runtime: 'claude-code',
    name: 'stream-json-skill-loaded.jsonl',
    replies: [
      when({ turn: 0 }, reply.toolCall('Skill', { skill: 'review' })),
      otherwise(reply.text('VERDICT: pass')),
    ],
    options: { files: { '.claude/skills/review/SKILL.md': SKILL } },
    about: 'a project skill listed in `init.skills`, loaded with a `Skill` tool call, then followed',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-two-prompts-two-results.jsonl',
    prompt: '',
    replies: [when({ turn: 0 }, reply.text('First answer.')), otherwise(reply.text(ANSWER))],
    options: {
      args: ['--input-format', 'stream-json'],
      stdin: [userMessage('What is this folder?'), userMessage('And what is in it?')].join(''),
    },
    about:
      'two user messages on stdin (`--input-format stream-json`): two turns, each with its own `result` line',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-pass-then-http-401.jsonl',
    replies: passThenHttp401,
    options: { files: { '.claude/settings.json': JSON.stringify(STOP_HOOKS) } },
    about:
      'a pass answer, a project Stop hook blocks it once, and the next request fails with HTTP 401: the pass is not the final answer of a completed run',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-max-turns-pass-before-tool.jsonl',
    replies: passThenTool,
    options: { files: NOTES, args: ['--max-turns', '1'] },
    about:
      '`--max-turns 1`: a pass written before a Bash call whose result the agent never saw, then `error_max_turns`',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-max-tokens-cut.jsonl',
    replies: passCut,
    about: 'a pass answer cut by the output-token limit on every attempt: no recovery, the run fails',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-max-tokens-recovery.jsonl',
    replies: passCutThenContinued,
    about: 'an answer cut by the output-token limit, then the continuation the CLI asks for finishes it',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-max-budget.jsonl',
    replies: passThenTool,
    options: { files: NOTES, args: ['--max-budget-usd', '0.0001'] },
    about: '`--max-budget-usd 0.0001`: the first turn spends the budget (`error_max_budget_usd`)',
  },
  {
    runtime: 'claude-code',
    name: 'result-json-verbose-pass.json',
    replies: passOnly,
    options: { outputArgs: ['--output-format', 'json', '--verbose'] },
    about: '`--output-format json --verbose` with a pass answer: one JSON array on one line',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-refusal.jsonl',
    replies: [TITLE, otherwise(reply.refused(PASS_ANSWER))],
    about:
      'a pass answer the model stops as a refusal (`stop_reason: "refusal"`), twice: the CLI continues once, then gives up (`model_refusal_no_fallback`)',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-refusal-continued.jsonl',
    replies: [
      TITLE,
      when(
        { lastMessageIncludes: 'stopped by a safety classifier' },
        reply.text('Re-checked.\n{"acceptance":"fail","findings":["The folder holds no tests"]}'),
      ),
      otherwise(reply.refused(PASS_ANSWER)),
    ],
    about: 'a pass answer stopped as a refusal; the CLI continues once and the model answers FAIL',
  },
  {
    runtime: 'claude-code',
    name: 'print-text.txt',
    replies: passOnly,
    options: { outputArgs: [] },
    about: '`claude -p` in its default text format: the final message only, no completion signal',
  },
  {
    runtime: 'claude-code',
    name: 'result-json.json',
    replies: toolThenText,
    options: { files: NOTES, outputArgs: ['--output-format', 'json'] },
    about: '`--output-format json`: one result document',
  },
  {
    runtime: 'claude-code',
    name: 'result-json-verbose.json',
    replies: toolThenText,
    options: { files: NOTES, outputArgs: ['--output-format', 'json', '--verbose'] },
    about: '`--output-format json --verbose`: one JSON array of every event',
  },
  {
    runtime: 'claude-code',
    name: 'result-json-http-401.json',
    replies: httpError(401),
    options: { outputArgs: ['--output-format', 'json'] },
    about: '`--output-format json` when the model API answers HTTP 401',
  },

  {
    runtime: 'claude-code',
    name: 'stream-json-success-verdict.jsonl',
    replies: successStory,
    options: { files: CHANGELOG },
    about: 'the conformance success story: text and a `Bash` call, a second `Bash` call, then a pass answer',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-unicode.jsonl',
    replies: unicodeAnswer,
    options: { args: ['--include-partial-messages'] },
    about:
      'an answer of Cyrillic, CJK, Arabic, an emoji ZWJ sequence, a combining accent and U+2028, with `stream_event` deltas',
  },
  {
    runtime: 'claude-code',
    name: 'stream-json-subagent-task.jsonl',
    replies: subagentStory('Agent', {
      description: 'Review the API',
      prompt: 'CHILD TASK: review the API and answer with a verdict line.',
      subagent_type: 'general-purpose',
    }),
    about:
      'an `Agent` (`Task`) call: 2.1.328 runs the subagent in the background, the main agent answers pass, the subagent answers FAIL (`parent_tool_use_id` set), its `task_notification` wakes the main agent, which answers pass again: two `result` lines for one prompt',
  },

  // Codex
  { runtime: 'codex', name: 'exec-json-text.jsonl', replies: textOnly, about: 'a plain text answer' },
  {
    runtime: 'codex',
    name: 'exec-json-tool-call.jsonl',
    replies: toolThenText,
    options: { files: NOTES },
    about: 'text and an `exec_command` call (`ls`) as a `command_execution` item, then the answer',
  },
  {
    runtime: 'codex',
    name: 'exec-json-stop-hook-block.jsonl',
    replies: blockedOnce,
    options: { files: { '.codex/hooks.json': JSON.stringify(STOP_HOOKS) }, trustCodexHooks: true },
    about:
      'a trusted project Stop hook blocks the first answer once; two `agent_message` items, no hook event',
  },
  {
    runtime: 'codex',
    name: 'exec-json-stop-hook-untrusted.jsonl',
    replies: blockedOnce,
    options: { files: { '.codex/hooks.json': JSON.stringify(STOP_HOOKS) } },
    about: 'the same project Stop hook, not trusted: skipped silently, the first answer ends the run',
  },
  {
    runtime: 'codex',
    name: 'exec-json-pass-then-turn-failed.jsonl',
    replies: passThenHttp401,
    options: { files: { '.codex/hooks.json': JSON.stringify(STOP_HOOKS) }, trustCodexHooks: true },
    about:
      'a pass in an `agent_message`, a trusted Stop hook blocks it once, and the next request fails with HTTP 401: `error` and `turn.failed`',
  },
  {
    runtime: 'codex',
    name: 'exec-json-empty-final-message.jsonl',
    replies: passThenEmpty,
    about:
      'a pass as narration before a tool call, then an empty final answer: the last `agent_message` is `""` (no answer, not the narration)',
  },
  {
    runtime: 'codex',
    name: 'exec-text.txt',
    replies: passOnly,
    options: { outputArgs: [] },
    about:
      '`codex exec` without `--json`: the final message on stdout (progress goes to stderr), no completion signal',
  },
  {
    runtime: 'codex',
    name: 'exec-json-max-output-tokens.jsonl',
    replies: truncated,
    about: 'a response cut by the output-token limit (`response.incomplete`, `max_output_tokens`)',
  },
  ...[401, 500, 529].map((status) => ({
    runtime: 'codex',
    name: `exec-json-http-${status}.jsonl`,
    replies: httpError(status),
    about: `the model API answers HTTP ${status} (retries off: \`request_max_retries = 0\`): \`error\` and \`turn.failed\``,
  })),
  {
    runtime: 'codex',
    name: 'exec-json-skill-read.jsonl',
    replies: [
      when({ turn: 0 }, reply.shell('cat .agents/skills/review/SKILL.md')),
      otherwise(reply.text('VERDICT: pass')),
    ],
    options: { files: { '.agents/skills/review/SKILL.md': SKILL } },
    about: 'a project skill listed in the developer message, read with a shell command, then followed',
  },
  {
    runtime: 'codex',
    name: 'exec-json-plan-tool-undeclared.jsonl',
    replies: [
      when(
        { turn: 0 },
        reply.toolCall('update_plan', {
          plan: [
            { step: 'List the files', status: 'completed' },
            { step: 'Answer', status: 'in_progress' },
          ],
        }),
      ),
      otherwise(reply.text(ANSWER)),
    ],
    about:
      'an `update_plan` call, a tool 0.169 `exec` does not declare: no `todo_list` item and no event for it, then the answer',
  },

  {
    runtime: 'codex',
    name: 'exec-json-success-verdict.jsonl',
    replies: successStory,
    options: { files: CHANGELOG },
    about: 'the conformance success story: text and an `exec_command` call, a second one, then a pass answer',
  },
  {
    runtime: 'codex',
    name: 'exec-json-unicode.jsonl',
    replies: unicodeAnswer,
    about: 'an answer of Cyrillic, CJK, Arabic, an emoji ZWJ sequence, a combining accent and U+2028',
  },

  {
    runtime: 'codex',
    name: 'exec-json-apply-patch-no-item.jsonl',
    replies: [
      when(
        { turn: 0 },
        reply.toolCall('apply_patch', {
          input: '*** Begin Patch\n*** Add File: CHANGELOG.md\n+# Changelog\n*** End Patch\n',
        }),
      ),
      otherwise(reply.text(SUCCESS_FINAL_TEXT)),
    ],
    about:
      'an `apply_patch` call sent as a function call (adding a file): 0.169 `exec` prints no `file_change` item and no event for it, then the pass answer',
  },

  // OpenCode
  { runtime: 'opencode', name: 'run-json-text.ndjson', replies: textOnly, about: 'a plain text answer' },
  {
    runtime: 'opencode',
    name: 'run-json-empty-final-step.ndjson',
    replies: passThenEmpty,
    about:
      'a pass as narration beside a tool call, then a last step that writes no text and finishes with `stop`: no answer, not the narration',
  },
  {
    runtime: 'opencode',
    name: 'run-json-tool-call.ndjson',
    replies: toolThenText,
    options: { files: NOTES },
    about: 'text and a `bash` tool call (`ls`) as a `tool_use` part, then the answer',
  },
  {
    runtime: 'opencode',
    name: 'run-json-plugin-reprompt.ndjson',
    replies: blockedOnce,
    options: { files: { '.opencode/plugins/block-once.js': OPENCODE_BLOCK_ONCE } },
    about:
      'a project plugin re-prompts once at the first `step-finish` with reason `stop` (`noReply` prompt); the corrected answer ends the run',
  },
  {
    runtime: 'opencode',
    name: 'run-json-error-after-stop.ndjson',
    replies: passThenHttp401,
    options: { files: { '.opencode/plugins/block-once.js': OPENCODE_BLOCK_ONCE } },
    about:
      'a pass answer ends a step with `stop`, a project plugin re-prompts once, and that request fails with HTTP 401: an `error` line after `step_finish`',
  },
  {
    runtime: 'opencode',
    name: 'run-json-length-after-pass.ndjson',
    replies: passCut,
    about: 'a pass line, then the step finishes with reason `length` (exit 0)',
  },
  {
    runtime: 'opencode',
    name: 'run-default.txt',
    replies: passOnly,
    options: { outputArgs: [] },
    about: '`opencode run` in its default format: the answer as text, no completion signal',
  },
  {
    runtime: 'opencode',
    name: 'run-json-finish-length.ndjson',
    replies: truncated,
    about: 'an answer cut by the output-token limit (`finish_reason: length`)',
  },
  ...[401, 500, 529].map((status) => ({
    runtime: 'opencode',
    name: `run-json-http-${status}.ndjson`,
    replies: [TITLE, otherwise(reply.httpError(status))],
    about: `the model API answers HTTP ${status} (the title request succeeds)`,
  })),
  {
    runtime: 'opencode',
    name: 'run-json-skill-loaded.ndjson',
    replies: [
      TITLE,
      when({ turn: 0 }, reply.toolCall('skill', { name: 'review' })),
      otherwise(reply.text('VERDICT: pass')),
    ],
    options: { files: { '.opencode/skills/review/SKILL.md': SKILL } },
    about: 'a project skill listed in `<available_skills>`, loaded with a `skill` tool call, then followed',
  },
  {
    runtime: 'opencode',
    name: 'run-json-subagent-task.ndjson',
    replies: [
      TITLE,
      when({ lastMessageIncludes: 'CHILD TASK' }, reply.text('Child session: notes.txt found.')),
      when(
        { turn: 0, tool: 'task' },
        reply.toolCall('task', {
          description: 'List the files',
          prompt: 'CHILD TASK: list the files and report.',
          subagent_type: 'general',
        }),
      ),
      otherwise(reply.text(ANSWER)),
    ],
    options: { files: NOTES },
    about: 'a `task` tool call that runs a child session (its own model requests), then the answer',
  },
  {
    runtime: 'opencode',
    name: 'run-json-success-verdict.ndjson',
    replies: successStory,
    options: { files: CHANGELOG },
    about: 'the conformance success story: text and a `bash` call, a second `bash` call, then a pass answer',
  },
  {
    runtime: 'opencode',
    name: 'run-json-unicode.ndjson',
    replies: unicodeAnswer,
    about: 'an answer of Cyrillic, CJK, Arabic, an emoji ZWJ sequence, a combining accent and U+2028',
  },
  {
    runtime: 'opencode',
    name: 'run-json-tool-error.ndjson',
    replies: [
      TITLE,
      when({ turn: 0 }, reply.shell('ls', { text: "I'll look at the folder and read the changelog." })),
      when({ turn: 1 }, reply.toolCall('read', { filePath: 'CHANGES.md' })),
      when({ turn: 2 }, reply.toolCall('read', { filePath: 'CHANGELOG.md' })),
      otherwise(reply.text(SUCCESS_FINAL_TEXT)),
    ],
    options: { files: CHANGELOG },
    about:
      'four steps: a `bash` call, a `read` of a missing file (`error` state), a `read` that succeeds, then a pass answer',
  },
  // Qwen Code (qwen-code-scenarios.mjs), plus the cross-runtime stories.
  ...QWEN_CODE_SCENARIOS.map((scenario) => ({ runtime: 'qwen-code', ...scenario })),
  {
    runtime: 'qwen-code',
    name: 'stream-json-success-verdict.jsonl',
    replies: successStory,
    options: { files: CHANGELOG },
    about: 'two `run_shell_command` calls (text before the first), then a pass answer',
  },
  {
    runtime: 'qwen-code',
    name: 'stream-json-unicode.jsonl',
    replies: unicodeAnswer,
    about: 'a pass answer in several scripts, emoji, a combining mark and U+2028',
  },
  {
    runtime: 'qwen-code',
    name: 'stream-json-subagent-task.jsonl',
    replies: subagentStory('agent', {
      description: 'Review the API',
      prompt: 'CHILD TASK: review the API and answer with a verdict line.',
      subagent_type: 'general-purpose',
    }),
    about: "an `agent` tool call runs a subagent that answers fail; the main agent's own answer is a pass",
  },
  // Pi (pi-scenarios.mjs), plus the cross-runtime stories.
  ...PI_SCENARIOS.map((scenario) => ({ runtime: 'pi', ...scenario })),
  {
    runtime: 'pi',
    name: 'json-success-verdict.jsonl',
    replies: successStory,
    options: { files: CHANGELOG },
    about: 'two `bash` calls (text before the first), then a pass answer',
  },
  {
    runtime: 'pi',
    name: 'json-unicode.jsonl',
    replies: unicodeAnswer,
    about: 'a pass answer in several scripts, emoji, a combining mark and U+2028',
  },
  {
    runtime: 'pi',
    name: 'json-subagent-bash.jsonl',
    replies: [
      when(
        { turn: 0 },
        reply.shell(
          `echo 'API review: one open TODO.' '{"acceptance":"fail","findings":["An open TODO in the API"]}'`,
        ),
      ),
      otherwise(reply.text(SUBAGENT_FINAL_TEXT)),
    ],
    about:
      "Pi has no subagent tool: a child's fail verdict arrives as `bash` output (as from a nested `pi -p`); the main agent's own answer is a pass",
  },
];

/** What the scenarios could not reach with the pinned CLIs, and why; SOURCES.md lists it per runtime. */
export const UNREACHED = {
  'qwen-code': QWEN_CODE_UNREACHED,
  pi: PI_UNREACHED,
  'claude-code': [
    'Several `result` lines for one prompt without a subagent: every other single-prompt capture, a Stop hook block included, printed exactly one `result` line; two prompts on stdin give two (`stream-json-two-prompts-two-results.jsonl`), and so does a background subagent that wakes the main agent (`stream-json-subagent-task.jsonl`).',
    'Parallel subagents whose lines interleave, with tool calls of their own: the scripted model answers one request at a time.',
    'A `result` of `""` beside the answer (a regression of 2.1.8x/2.1.10x): 2.1.328 fills `result`.',
    'A fallback model answering after a refusal: 2.1.328 continues once with the same model (`stream-json-refusal-continued.jsonl`), then gives up (`stream-json-refusal.jsonl`).',
    'A `result/success` with `stop_reason: "max_tokens"`: 2.1.328 asks for a continuation three times, then fails the run with a synthetic API error (`stream-json-max-tokens-cut.jsonl`).',
  ],
  codex: [
    'Plan (`todo_list`) items: 0.169 `exec` declares no `update_plan` tool (nor with `-c include_plan_tool=true`), and a call of it leaves no item (see `exec-json-plan-tool-undeclared.jsonl`).',
    '`file_change`, `mcp_tool_call` and `web_search` items: a scripted `apply_patch` function call leaves no item (`exec-json-apply-patch-no-item.jsonl`), MCP calls need an MCP server configured, web search is a hosted tool.',
    'A max-turns stop: `codex exec` has no turn limit.',
    "`codex exec resume` usage: it needs a second run in the first run's `CODEX_HOME`, and each run gets a fresh one.",
  ],
  opencode: [
    "Child-session parts in the parent's output: a `task` tool call runs a child session (its requests reach the model) but `opencode run --format json` prints only the parent's `tool_use` part with the child's answer as its output (see `run-json-subagent-task.ndjson`).",
    'A max-turns stop: `opencode run` has no turn limit.',
    'Retries: OpenCode retries a 5xx itself, with backoff (six requests and over a minute in `run-json-http-500.ndjson` and `run-json-http-529.ndjson`); the runner found no setting that turns that off.',
  ],
};
