// Issue #39: the vendor SDKs that embed a runtime, pinned in e2e/runtimes, driven as hosts use them against
// the scripted model: @skillpack/host's Claude Agent SDK, Codex SDK and Copilot SDK hosts, one table of cases
// over the three (right first time, corrected in the same session, never compliant within the budget, the
// native schema, an abort), and each host README example run as written.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { createSilentModel } from './_host.mjs';
import {
  ensureRuntimes,
  importPinned,
  makeTempDir,
  PINS,
  removeTempDirs,
  repoRoot,
  runtimeBinDir,
  SDK_PACKAGES,
} from './_support.mjs';

const { transform } = await import('esbuild');
const { z } = await import(join(repoRoot, 'node_modules/zod/index.js'));
const { defineContract } = await import(join(repoRoot, 'packages/core/dist/index.js'));
const testing = await import(join(repoRoot, 'packages/testing/dist/index.js'));
const { createScriptedModel, otherwise, reply, scriptedSdkOptions, when } = testing;
const { readClaudeMessages, withContract } = await import(
  join(repoRoot, 'packages/host/dist/claude-agent-sdk.js')
);
const { runCodexThread } = await import(join(repoRoot, 'packages/host/dist/codex-sdk.js'));
const { copilotContract } = await import(join(repoRoot, 'packages/host/dist/copilot-sdk.js'));

const approval = defineContract({
  id: 'e2e.approval',
  version: '1.0.0',
  title: 'Approval',
  description: 'Whether the change is approved, and why.',
  delivery: 'text',
  jsonFinalMessage: true,
  schema: z.object({ approve: z.boolean(), reasons: z.array(z.string()) }).strict(),
  examples: [{ name: 'approved', value: { approve: true, reasons: ['tests pass'] } }],
});
const RIGHT = { approve: true, reasons: ['tests pass'] };
const WRONG = { approve: 'yes' };
const MAX_BLOCKS = 2;
const PROMPT = 'Approve the change?';

const open = [];
before(() => ensureRuntimes());
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item();
});
after(removeTempDirs);

/** The scripted model (or a silent one for an abort), its offline options for `sdk`, both closed after the test. */
async function setup(sdk, replies) {
  const model = replies ? await createScriptedModel({ replies }) : await createSilentModel();
  open.push(() => model.close());
  const offline = scriptedSdkOptions(sdk, { model: model.url });
  open.push(() => offline.dispose());
  return { model, offline, requests: () => model.requests?.length ?? 0 };
}

/**
 * How each SDK is driven, as its host README shows: `drive` runs one prompt with the contract and returns the
 * result; `abort` is the SDK's own abort, called once the model has the request. The Codex SDK runs the pinned
 * `@openai/codex` (its own nested 0.163.0 copy otherwise).
 */
const SDKS = {
  'claude-agent-sdk': {
    structured: (value) => reply.structuredOutput(value),
    async drive({ offline, contract, structured, onAbortable }) {
      const { query } = await importPinned('@anthropic-ai/claude-agent-sdk');
      const abortController = new AbortController();
      onAbortable?.(() => abortController.abort());
      const options = withContract({ ...offline, abortController }, contract, {
        maxBlocks: MAX_BLOCKS,
        structured,
      });
      const messages = query({ prompt: PROMPT, options });
      return readClaudeMessages(messages, contract, { prompt: PROMPT, signal: abortController.signal });
    },
    sentSchema: (request) =>
      request.body.tools?.find((tool) => tool.name === 'StructuredOutput')?.input_schema,
  },
  'codex-sdk': {
    async drive({ offline, contract, structured, onAbortable }) {
      const { Codex } = await importPinned('@openai/codex-sdk');
      const codex = new Codex({ ...offline.codex, codexPathOverride: join(runtimeBinDir, 'codex') });
      const thread = codex.startThread(offline.thread);
      const controller = new AbortController();
      onAbortable?.(() => controller.abort());
      return runCodexThread(thread, {
        contract,
        prompt: PROMPT,
        attempts: MAX_BLOCKS + 1,
        nativeSchema: structured,
        signal: controller.signal,
      });
    },
    sentSchema: (request) => request.body.text?.format?.schema,
  },
  'copilot-sdk': {
    async drive({ offline, contract, onAbortable }) {
      const { CopilotClient, approveAll } = await importPinned('@github/copilot-sdk');
      const client = new CopilotClient(offline.client);
      open.push(() => client.stop());
      const copilot = copilotContract(contract, { maxBlocks: MAX_BLOCKS, prompt: PROMPT });
      const session = await client.createSession({
        ...offline.session,
        onPermissionRequest: approveAll,
        hooks: copilot.hooks,
        onEvent: copilot.onEvent,
      });
      if (onAbortable) {
        const idle = new Promise((resolve) => session.on('session.idle', resolve));
        onAbortable(() => session.abort());
        await session.send({ prompt: PROMPT });
        await idle;
      } else {
        await session.sendAndWait({ prompt: PROMPT }, 60_000);
      }
      return copilot.result();
    },
  },
};

const text = (value) => reply.text(JSON.stringify(value));

/** One table: each case runs through every SDK (a case an SDK has no option for says why it skips). */
const CASES = [
  {
    name: 'right first time',
    replies: () => [otherwise(text(RIGHT))],
    check(result, requests) {
      assert.equal(result.ok, true, result.error?.message);
      assert.deepEqual(result.value, RIGHT);
      assert.equal(result.attempts.length, 1);
      assert.equal(requests, 1);
    },
  },
  {
    name: 'wrong, then corrected in the same session',
    replies: () => [when({ turn: 0 }, text(WRONG)), otherwise(text(RIGHT))],
    check(result, requests) {
      assert.equal(result.ok, true, result.error?.message);
      assert.deepEqual(result.value, RIGHT);
      assert.deepEqual(
        result.attempts.map((attempt) => attempt.outcome),
        ['unsatisfied', 'satisfied'],
      );
      assert.match(result.attempts[1].correction, /Approval/);
      assert.equal(new Set(result.attempts.map((attempt) => attempt.sessionId)).size, 1);
      assert.ok(result.sessionId);
      assert.equal(requests, 2);
    },
  },
  {
    name: 'never compliant: a typed failure within the budget',
    replies: () => [otherwise(text(WRONG))],
    check(result, requests) {
      assert.equal(result.ok, false);
      assert.equal(result.error.code, 'attempts_exhausted', result.error.message);
      assert.equal(result.error.candidate.error.code, 'invalid_payload');
      assert.equal(result.attempts.length, MAX_BLOCKS + 1);
      assert.equal(requests, MAX_BLOCKS + 1);
    },
  },
  {
    name: 'the native schema: wrong, then corrected',
    structured: true,
    skip: { 'copilot-sdk': 'the Copilot SDK has no structured-output option' },
    replies: (sdk) => {
      const answer = SDKS[sdk].structured ?? text;
      return [when({ turn: 0 }, answer(WRONG)), otherwise(answer(RIGHT))];
    },
    check(result, requests, sdk, model) {
      assert.equal(result.ok, true, result.error?.message);
      assert.deepEqual(result.value, RIGHT);
      assert.equal(result.attempts.at(-1).nativeSchema, true);
      assert.equal(requests, 2);
      const schema = SDKS[sdk].sentSchema(model.requests[0]);
      assert.deepEqual(schema?.required, ['approve', 'reasons'], 'the schema reaches the model');
      // Without `$schema`: Claude Code exits 1 on it, and OpenAI strict mode takes the plain object.
      assert.equal(schema.$schema, undefined);
    },
  },
  {
    name: 'an abort: a typed failure, no hang',
    replies: undefined,
    check(result) {
      assert.equal(result.ok, false);
      assert.equal(result.error.code, 'aborted', result.error.message);
    },
  },
];

describe('the SDKs, pinned', () => {
  it('are installed beside the CLIs at their pins', async () => {
    for (const name of SDK_PACKAGES) {
      const manifest = JSON.parse(
        readFileSync(join(repoRoot, 'e2e/runtimes/node_modules', name, 'package.json'), 'utf8'),
      );
      assert.equal(manifest.version, PINS[name], name);
    }
  });
});

for (const sdk of Object.keys(SDKS)) {
  describe(`@skillpack/host with ${sdk}`, () => {
    for (const testCase of CASES) {
      const skip = testCase.skip?.[sdk];
      it(testCase.name, { skip, timeout: 120_000 }, async () => {
        const { model, offline, requests } = await setup(sdk, testCase.replies?.(sdk));
        const abort = testCase.replies
          ? undefined
          : (doAbort) => {
              model.received.then(doAbort);
            };
        const result = await SDKS[sdk].drive({
          offline,
          contract: approval,
          structured: testCase.structured ?? false,
          onAbortable: abort,
        });
        testCase.check(result, requests(), sdk, model);
      });
    }
  });
}

/** The ```typescript block of a package README that imports `module`. */
function readmeBlock(module, readme = 'packages/host/README.md') {
  const text = readFileSync(join(repoRoot, readme), 'utf8');
  const blocks = [...text.matchAll(/^```typescript\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
  const block = blocks.find((code) => code.includes(`from '${module}'`));
  assert.ok(block, `${readme} has an example that imports ${module}`);
  return block;
}

/** A folder whose node_modules has the repository's packages (and @types/node) and the pinned SDKs. */
function consumerDir() {
  const dir = makeTempDir('skillpack-sdk-readme-');
  mkdirSync(join(dir, 'node_modules'));
  for (const name of ['@skillpack', 'zod', '@types'])
    symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name));
  for (const name of SDK_PACKAGES) {
    mkdirSync(join(dir, 'node_modules', name.split('/')[0]), { recursive: true });
    symlinkSync(join(repoRoot, 'e2e/runtimes/node_modules', name), join(dir, 'node_modules', name));
  }
  return dir;
}

/** The README block as a module in a consumer folder, imported. */
async function moduleOf(block) {
  const dir = consumerDir();
  // Node 20 runs no `using`: esbuild lowers it, as tsc does for the testing README's readers.
  const { code } = await transform(block, { loader: 'ts', format: 'esm', target: 'node20' });
  writeFileSync(join(dir, 'example.mjs'), code);
  return import(join(dir, 'example.mjs'));
}

const PASS = { acceptance: 'pass' };
const README = [
  {
    sdk: 'claude-agent-sdk',
    module: '@skillpack/host/claude-agent-sdk',
    run: (example, offline) => example.reviewWithClaude('Review change 42.', offline),
  },
  {
    sdk: 'codex-sdk',
    module: '@skillpack/host/codex-sdk',
    run: async (example, offline) => {
      const { Codex } = await importPinned('@openai/codex-sdk');
      const codex = new Codex({ ...offline.codex, codexPathOverride: join(runtimeBinDir, 'codex') });
      return example.reviewWithCodex(codex.startThread(offline.thread), 'Review change 42.');
    },
  },
  {
    sdk: 'copilot-sdk',
    module: '@skillpack/host/copilot-sdk',
    run: async (example, offline) => {
      const { CopilotClient } = await importPinned('@github/copilot-sdk');
      const client = new CopilotClient(offline.client);
      open.push(() => client.stop());
      return example.reviewWithCopilot(client, 'Review change 42.', offline.session);
    },
  },
];

describe('the host README SDK examples, run as written', () => {
  for (const { sdk, module, run } of README) {
    it(`${module}: a verdict, corrected once in the same session`, { timeout: 120_000 }, async () => {
      const example = await moduleOf(readmeBlock(module));
      const { model, offline } = await setup(sdk, [
        when({ turn: 0 }, reply.text(JSON.stringify({ acceptance: 'maybe' }))),
        otherwise(reply.text(JSON.stringify(PASS))),
      ]);
      const verdict = await run(example, offline);
      assert.equal(verdict.acceptance, 'pass');
      assert.equal(model.requests.length, 2);
    });
  }
});

describe('the README SDK examples typecheck against the pinned SDKs', () => {
  it('tsc --noEmit over every SDK example of the host and testing READMEs', () => {
    const dir = consumerDir();
    const examples = [
      ...README.map(({ module }) => readmeBlock(module)),
      readmeBlock('@anthropic-ai/claude-agent-sdk', 'packages/testing/README.md'),
    ];
    for (const [index, code] of examples.entries())
      writeFileSync(
        join(dir, `example-${index}.ts`),
        code.includes('export ') ? code : `${code}export {};\n`,
      );
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    const compilerOptions = {
      target: 'ES2022',
      lib: ['ES2023', 'esnext.disposable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['node'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
    const tsc = spawnSync(join(repoRoot, 'node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8' });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  });
});

describe('the testing README SDK example, run as written', () => {
  it('scriptedSdkOptions points the Claude Agent SDK at the scripted model', {
    timeout: 120_000,
  }, async () => {
    await moduleOf(readmeBlock('@anthropic-ai/claude-agent-sdk', 'packages/testing/README.md'));
  });
});
