// Pi 1.6.0 captures, the entries of scenarios.mjs for `pi` (name, replies, options, about). Project extensions
// load only in a trusted project (1.6.0), so the push-back scenarios pass `--approve`; the untrusted one shows
// the extension skipped.
import { otherwise, reply, when } from '@skillpack/testing';

const ANSWER = 'The project holds notes.txt.';
const NOTES = { 'notes.txt': 'hello\n' };
const REASON = 'Add the word FINAL to your answer.';
const APPROVE = { args: ['--approve'] };

/** A Pi 1.6.0 extension that pushes back at `agent_before_settle` until the answer says FINAL, at most `cap` times. */
const pushbackExtension = (cap) => `export default function (pi) {
  let blocks = 0;
  pi.on('agent_before_settle', async (event) => {
    const last = [...event.context.contextMessages].reverse().find((m) => m.role === 'assistant');
    const text = (last?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('');
    if (event.outcome !== 'completed' || text.includes('FINAL') || blocks >= ${cap}) return;
    blocks++;
    return {
      entries: [...event.entries, { type: 'custom_message', customType: 'pushback', content: '${REASON}', display: true }],
      continue: true,
    };
  });
}
`;
/** A harmless extension whose `message_end` handler takes 300 ms (runtime-pi.md §3.5). */
const SLOW_EXTENSION = `export default function (pi) {
  pi.on('message_end', async () => { await new Promise((resolve) => setTimeout(resolve, 300)); });
}
`;

export const PI_SCENARIOS = [
  {
    name: 'json-text.jsonl',
    replies: [otherwise(reply.text(ANSWER))],
    options: { files: NOTES },
    about: 'a plain text answer: the `session` header, one `agent_start … agent_end`, then `agent_settled`',
  },
  {
    name: 'json-tool-call.jsonl',
    replies: [
      when({ turn: 0 }, reply.shell('ls', { text: 'Listing the folder.' })),
      otherwise(reply.text(ANSWER)),
    ],
    options: { files: NOTES },
    about: 'text and a `bash` call (`ls`), its result, then the answer',
  },
  {
    name: 'json-http-400.jsonl',
    replies: [otherwise(reply.httpError(400))],
    about: 'the model API answers HTTP 400: `stopReason: "error"` with the `errorMessage`, and exit 0',
  },
  {
    name: 'json-http-500.jsonl',
    replies: [otherwise(reply.httpError(500))],
    about: 'HTTP 500 with retries off (runAgent): one request, `stopReason: "error"`, exit 0',
  },
  {
    name: 'json-truncated.jsonl',
    replies: [otherwise(reply.truncated('The project holds no'))],
    about: 'the answer cut at the token limit: `stopReason: "length"`, exit 0',
  },
  {
    name: 'json-refused.jsonl',
    replies: [otherwise(reply.refused('I cannot help with that.'))],
    about: 'a refusal (`content_filter`): `stopReason: "error"` and the refusal in `errorMessage`, exit 0',
  },
  {
    name: 'json-pushback-once.jsonl',
    replies: [
      when({ lastMessageIncludes: REASON }, reply.text(`${ANSWER} FINAL`)),
      otherwise(reply.text(ANSWER)),
    ],
    options: { files: { '.pi/extensions/pushback.js': pushbackExtension(1), ...NOTES }, ...APPROVE },
    about:
      'a project extension pushes the first answer back at `agent_before_settle` (`--approve`): `agent_end`, `entry_appended`, a second `agent_start … agent_end` with the corrected answer, then one `agent_settled`',
  },
  {
    name: 'json-pushback-budget.jsonl',
    replies: [otherwise(reply.text(ANSWER))],
    options: { files: { '.pi/extensions/pushback.js': pushbackExtension(2), ...NOTES }, ...APPROVE },
    about:
      'an extension with a budget of 2 push-backs and a model that never complies: three answers, then `agent_settled`',
  },
  {
    name: 'json-pushback-untrusted.jsonl',
    replies: [
      when({ lastMessageIncludes: REASON }, reply.text(`${ANSWER} FINAL`)),
      otherwise(reply.text(ANSWER)),
    ],
    options: { files: { '.pi/extensions/pushback.js': pushbackExtension(1), ...NOTES } },
    about:
      'the same project extension without trust: Pi 1.6.0 skips it headless, one request, the first answer stands',
  },
  {
    name: 'json-slow-extension.jsonl',
    replies: [otherwise(reply.text(ANSWER))],
    options: { files: { '.pi/extensions/slow.js': SLOW_EXTENSION, ...NOTES }, ...APPROVE },
    about:
      'an extension whose `message_end` handler awaits 300 ms: 1.6.0 waits for it and prints every line through `agent_settled` (0.73.1 cut stdout before `agent_end`, exit 0)',
  },
];

/** What the Pi scenarios could not reach, and why. */
export const PI_UNREACHED = [
  'A subagent: Pi 1.6.0 has no subagent tool of its own.',
  'An aborted run (`stopReason: "aborted"`, `agent_settled {aborted: true}`): headless, only `--mode rpc` `abort` or a signal aborts, and SIGTERM cuts stdout before any terminal event.',
];
