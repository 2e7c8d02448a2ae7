import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { configText, tempDir, writeTree } from '../_support/temp.js';

/**
 * A pack whose contract module reads a file relative to the cwd at import: `skillpack build` (run from the
 * project) loads it, the installed hook and plugin (run anywhere else) cannot. They must fail open.
 */
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

const MODULE = `import { readFileSync } from 'node:fs';
import { defineContract } from '@skillpack/core';
import { z } from 'zod';

const verdicts = JSON.parse(readFileSync('./data/verdicts.json', 'utf8'));

export const review = defineContract({
  id: 'acme.review',
  version: '1.0.0',
  title: 'Acme review verdict',
  description: 'The verdict a review ends with, as one line of JSON.',
  delivery: 'text',
  schema: z.strictObject({ verdict: z.enum(verdicts) }),
  examples: [{ name: 'approve', value: { verdict: verdicts[0] } }],
});
`;

let root = '';
let elsewhere = '';
const out = () => join(root, 'dist/skill-packs');

function stopInput(message: string): string {
  return JSON.stringify({
    session_id: 's',
    turn_id: 't',
    transcript_path: '/nonexistent.jsonl',
    cwd: elsewhere,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: message,
  });
}

function runHook(runtime: 'claude-code' | 'codex', cwd: string, message: string) {
  const hook = join(out(), runtime, 'plugin/hooks/skillpack-hook.cjs');
  return spawnSync(process.execPath, [hook, runtime, '--contract', 'acme.review'], {
    cwd,
    input: stopInput(message),
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH, SKILLPACK_HOOK_STATE_DIR: join(root, 'state') },
  });
}

/**
 * Import the pack's OpenCode plugin in `cwd`, start it with an in-memory client, deliver `turns` answered
 * turns of `text` (the message, its text and \`step-finish\` parts), and report what it logged and prompted.
 */
function runPlugin(cwd: string, text: string, turns = 1) {
  const plugin = pathToFileURL(join(out(), 'opencode/.opencode/plugins/acme-review.js')).href;
  const script = `
    const module = await import(${JSON.stringify(plugin)});
    const logs = [];
    let prompts = 0;
    const client = {
      app: { log: async ({ body }) => void logs.push(body.message) },
      session: {
        get: async () => ({ data: {} }),
        messages: async () => ({ data: [] }),
        promptAsync: async () => { prompts++; return { data: undefined }; },
      },
    };
    const hooks = await module.SkillpackContractsPlugin({ client }, undefined);
    const zodAtStart = '__zod_globalConfig' in globalThis;
    const sessionID = 'ses_1';
    for (let turn = 1; turn <= ${turns}; turn++) {
      const messageID = 'msg_' + turn;
      const events = [
        { type: 'message.updated', properties: { info: { id: messageID, sessionID, role: 'assistant' } } },
        { type: 'message.part.updated', properties: { part: { id: 'prt_a' + turn, sessionID, messageID, type: 'text', text: ${JSON.stringify(text)} } } },
        { type: 'message.part.updated', properties: { part: { id: 'prt_b' + turn, sessionID, messageID, type: 'step-finish', reason: 'stop' } } },
      ];
      for (const event of events) await hooks.event?.({ event });
    }
    const zodAtEnd = '__zod_globalConfig' in globalThis;
    console.log(JSON.stringify({ exports: Object.keys(module), hooks: Object.keys(hooks), zodAtStart, zodAtEnd, logs, prompts }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as {
    exports: string[];
    hooks: string[];
    zodAtStart: boolean;
    zodAtEnd: boolean;
    logs: string[];
    prompts: number;
  };
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the skill-gen package first`);
  root = writeTree(tempDir('skillpack-fail-open-'), {
    'skillpack.config.json': configText({
      name: 'acme-review',
      contracts: ['./contracts/review.ts'],
      hooks: { 'acme.review': {} },
    }),
    'contracts/review.ts': MODULE,
    'data/verdicts.json': '["approve", "reject"]',
    'skills/review/skill.md':
      '---\nname: review\ndescription: Review a change and end with the verdict. Use when asked to review.\ncontracts: [acme.review]\n---\n\nReview, then end with {{> contract-output contract="acme.review"}}\n',
  });
  elsewhere = tempDir('skillpack-fail-open-elsewhere-');
  const build = spawnSync(process.execPath, [CLI, 'build'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(build.status, build.stderr).toBe(0);
}, 180_000);

describe('a contract module that throws where the pack runs', { timeout: 60_000 }, () => {
  it.each(['claude-code', 'codex'] as const)('%s: the hook still enforces it where it loads', (runtime) => {
    const run = runHook(runtime, root, 'Reviewed.\n{"verdict":"maybe"}');
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).decision).toBe('block');
  });

  it.each(['claude-code', 'codex'] as const)(
    '%s: the hook exits 0 with a valid decision and a systemMessage naming the module and the cause',
    (runtime) => {
      const run = runHook(runtime, elsewhere, 'Reviewed.\n{"verdict":"maybe"}');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      const output = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(Object.keys(output)).toEqual(['systemMessage']);
      expect(output.systemMessage).toContain('The contract module "./contracts/review.ts" failed to load');
      expect(output.systemMessage).toContain('ENOENT');
      expect(output.systemMessage).toContain('data/verdicts.json');
      expect(output.systemMessage).toContain('acme.review went unchecked');
    },
  );

  it.each([
    [
      'a satisfied answer: decided by the generated validator, no zod, nothing logged',
      '{"verdict":"approve"}',
      0,
    ],
    ['a refused answer: let through, the module named in the log', '{"verdict":"maybe"}', 1],
  ] as const)('the OpenCode plugin starts with no zod and its module unloaded; %s', (_, answer, failures) => {
    const run = runPlugin(elsewhere, `Reviewed.\n${answer}`);
    expect(run.exports).toEqual(['SkillpackContractsPlugin']);
    expect(run.hooks).toEqual(['event']);
    expect(run.zodAtStart).toBe(false);
    expect(run.zodAtEnd).toBe(failures > 0);
    expect(run.prompts).toBe(0);
    expect(run.logs[0]).toContain('ready (contracts: acme.review');
    const failed = run.logs.filter((log) => log.startsWith('skillpack plugin failed:'));
    expect(failed).toHaveLength(failures);
    if (failures > 0) {
      expect(failed[0]).toMatch(/The contract module "\.\/contracts\/review\.ts" failed to load .*ENOENT/);
      expect(failed[0]).toContain('acme.review went unchecked');
    }
  });

  it('the OpenCode plugin reports the module once per refused answer, never at start', () => {
    const run = runPlugin(elsewhere, 'Reviewed.\n{"verdict":"maybe"}', 2);
    expect(run.logs.filter((log) => log.includes('failed to load'))).toHaveLength(2);
    expect(run.prompts).toBe(0);
  });

  it('where the module loads, the plugin enforces it', () => {
    const refused = runPlugin(root, 'Reviewed.\n{"verdict":"maybe"}');
    expect(refused.prompts).toBe(1);
    expect(refused.logs.join('\n')).not.toContain('failed');
    expect(runPlugin(root, 'Reviewed.\n{"verdict":"reject"}').prompts).toBe(0);
  });

  it('the bundled hook still carries the module (no import of the project at run time)', () => {
    const hook = readFileSync(join(out(), 'claude-code/plugin/hooks/skillpack-hook.cjs'), 'latin1');
    expect(hook).toContain('./data/verdicts.json');
    expect(hook).not.toContain(join(root, 'contracts'));
  });
});
