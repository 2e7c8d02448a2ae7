// The example pack's plugin in a long-running OpenCode (`opencode serve`, what the TUI talks to): a wrong answer
// is pushed back and the right one ends the turn, as in `opencode run`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { correctionFor, examplePacks, HOOKED, installPack, scriptedAnswers } from './_loops.mjs';
import { ensureRuntimes, makeSandbox, makeTempDir, removeTempDirs, runtimeBinDir } from './_support.mjs';

const RIPGREP = join(
  runtimeBinDir,
  '../@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/codex-path/rg',
);

/** Start `opencode serve` on a free port for the sandbox's project; resolves with its URL and a stop function. */
function serve(sandbox, modelUrl) {
  writeFileSync(
    join(sandbox.project, 'opencode.json'),
    JSON.stringify({
      provider: {
        mock: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Mock',
          options: { baseURL: `${modelUrl}/v1`, apiKey: 'test' },
          models: { m: { name: 'Mock', tool_call: true } },
        },
      },
      model: 'mock/m',
      small_model: 'mock/m',
      autoupdate: false,
      share: 'disabled',
    }),
  );
  const bin = makeTempDir('skillpack-rg-');
  symlinkSync(RIPGREP, join(bin, 'rg'));
  mkdirSync(join(sandbox.home, '.cache'), { recursive: true });
  const child = spawn(join(runtimeBinDir, 'opencode'), ['serve', '--port', '0', '--hostname', '127.0.0.1'], {
    cwd: sandbox.project,
    env: {
      ...sandbox.env,
      PWD: sandbox.project,
      PATH: `${bin}:${sandbox.env.PATH}`,
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () => child.kill('SIGKILL');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`opencode serve did not start:\n${output.slice(-2000)}`));
    }, 120_000);
    const onData = (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stop, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
  });
}

async function api(server, method, path, body) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: HTTP ${response.status} ${text.slice(0, 400)}`);
  return text === '' ? undefined : JSON.parse(text);
}

/** Wait until the session is idle and its last message is an assistant answer that finished. */
async function settled(server, sessionId) {
  for (let waited = 0; waited < 180_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = (await api(server, 'GET', '/session/status'))?.[sessionId]?.type ?? 'idle';
    const messages = await api(server, 'GET', `/session/${sessionId}/message`);
    const last = messages.at(-1);
    if (status === 'idle' && last?.info.role === 'assistant' && last.info.time?.completed) return messages;
  }
  throw new Error('the session did not settle within 180 s');
}

before(() => {
  ensureRuntimes();
  examplePacks();
});
after(removeTempDirs);

describe('opencode serve: the example pack inside a long-running OpenCode', () => {
  it('pushes back a wrong verdict in the running turn, and the right one ends it', async () => {
    const script = HOOKED['conflux.acceptance'];
    const sandbox = makeSandbox();
    installPack('opencode', sandbox);
    const model = await scriptedAnswers([script.wrong, script.right]);
    const server = await serve(sandbox, model.url);
    try {
      const session = await api(server, 'POST', '/session', {});
      await api(server, 'POST', `/session/${session.id}/prompt_async`, {
        parts: [{ type: 'text', text: script.prompt }],
      });
      const messages = await settled(server, session.id);
      const requests = model.requests.filter((request) => request.hasTools);
      const why = `${requests.map((r) => r.lastMessage.slice(0, 120)).join('\n')}\n${server.output().slice(-1500)}`;
      assert.equal(requests.length, 2, why);
      assert.ok(requests[1].lastMessage.includes(correctionFor('conflux.acceptance')), why);
      const answers = messages.filter((message) => message.info.role === 'assistant');
      const text = (message) =>
        message.parts
          .filter((part) => part.type === 'text')
          .map((part) => part.text)
          .join('');
      assert.deepEqual(answers.map(text), [script.wrong, script.right]);
    } finally {
      server.stop();
      await model.close();
    }
  });
});
