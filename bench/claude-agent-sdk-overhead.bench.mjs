// The overhead of @skillpack/host's Claude Agent SDK host over the bare SDK: the same scripted run (one request,
// a right answer) through the pinned `@anthropic-ai/claude-agent-sdk` `query()`, drained bare (messages
// collected, nothing read) and with `withContract` + `readClaudeMessages` (the Stop hook called, the messages
// read and the contract judged), in interleaved rounds after a warm-up. Wall time is the median (the CLI's own
// run dominates it); the figure is the ratio against the bare query in the same run (goal ≤ 1.05×), with a
// query that has a no-op Stop hook to tell the SDK's own hook round trip from the contract's work. Needs the
// SDK installed in e2e/runtimes (`cd e2e/runtimes && npm install`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, round1 } from './_timing.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const SDK = join(repo, 'e2e/runtimes/node_modules/@anthropic-ai/claude-agent-sdk');
const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 7);
const PROMPT = 'Review change 42 and end with the Conflux acceptance verdict.';

export default async function claudeAgentSdkOverhead() {
  const manifest = JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8'));
  const { query } = await import(pathToFileURL(join(SDK, manifest.exports['.'].default)).href);
  const { readClaudeMessages, withContract } = await import(
    join(repo, 'packages/host/dist/claude-agent-sdk.js')
  );
  const { acceptanceContract } = await import(join(repo, 'packages/core/dist/conflux/index.js'));
  const { createScriptedModel, otherwise, reply, scriptedSdkOptions } = await import(
    join(repo, 'packages/testing/dist/index.js')
  );
  const model = await createScriptedModel({ replies: [otherwise(reply.text('{"acceptance":"pass"}'))] });
  const offline = scriptedSdkOptions('claude-agent-sdk', { model });
  try {
    const bare = async () => {
      const messages = [];
      for await (const message of query({ prompt: PROMPT, options: offline })) messages.push(message);
      if (messages.at(-1)?.subtype !== 'success') throw new Error('bare query did not succeed');
    };
    const hosted = async () => {
      const messages = query({ prompt: PROMPT, options: withContract(offline, acceptanceContract) });
      const result = await readClaudeMessages(messages, acceptanceContract);
      if (!result.ok) throw new Error(`readClaudeMessages: ${result.error.code}: ${result.error.message}`);
    };
    // Any SDK hook costs a control-protocol round trip to this process: a no-op Stop hook shows that part.
    const noop = async () => ({});
    const noopHook = async () => {
      const options = { ...offline, hooks: { Stop: [{ hooks: [noop] }] } };
      for await (const _message of query({ prompt: PROMPT, options })) {
        // drained
      }
    };
    const commands = [
      { label: 'bare query()', run: bare },
      { label: 'withContract + readClaudeMessages', run: hosted },
      { label: 'query() with a no-op Stop hook', run: noopHook },
    ];
    for (const command of commands) await command.run();
    const times = commands.map(() => []);
    for (let round = 0; round < RUNS; round++) {
      for (let k = 0; k < commands.length; k++) {
        const index = (round + k) % commands.length;
        const started = performance.now();
        await commands[index].run();
        times[index].push(performance.now() - started);
      }
    }
    const [baseline, value, hookOnly] = times.map(median);
    const figure = (label, of, against, target) => ({
      label: `${label}, wall (median of ${RUNS})`,
      value: round1(of),
      unit: 'ms',
      baseline: round1(against),
      ratio: of / against,
      ...(target ? { target } : {}),
    });
    return {
      name: 'claude-agent-sdk-overhead',
      figures: [
        figure('withContract + readClaudeMessages vs bare query()', value, baseline, '≤ 1.05×'),
        figure('a no-op Stop hook vs bare query() (the SDK hook round trip)', hookOnly, baseline),
        figure('withContract + readClaudeMessages vs a no-op Stop hook', value, hookOnly),
      ],
    };
  } finally {
    await model.close();
    offline.dispose();
  }
}
