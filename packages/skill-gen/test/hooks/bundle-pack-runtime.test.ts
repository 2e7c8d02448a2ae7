import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, createContractRegistry, defineContract } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPack } from '../../src/runtimes/runtime-pack.js';
import { REVIEW_PACK_CONFIG, reviewContractSource, writeReviewProject } from '../_support/review-contract.js';

/** A pack whose hooked contract comes from its own TypeScript module: the generated hooks must carry it. */
const dir = mkdtempSync(join(tmpdir(), 'skillpack-pack-contracts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REVIEW = reviewContractSource({ canonical: false });

const CONFIG = { ...REVIEW_PACK_CONFIG, hooks: { 'acme.review': {} } };

function project(root: string, config: object = CONFIG): void {
  writeReviewProject(root, { contract: REVIEW, config });
}

const RIGHT = 'Reviewed.\n{"verdict":"reject","reason":"No tests."}';
const WRONG = 'Reviewed.\n{"verdict":"maybe"}';

function runHook(command: string, message: string) {
  const run = spawnSync('/bin/sh', ['-c', command], {
    input: JSON.stringify({
      session_id: 's',
      turn_id: 't',
      transcript_path: '/nonexistent.jsonl',
      cwd: '/tmp',
      hook_event_name: 'Stop',
      stop_hook_active: false,
      last_assistant_message: message,
    }),
    encoding: 'utf8',
    env: { PATH: process.env.PATH, SKILLPACK_HOOK_STATE_DIR: join(dir, 'state') },
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { decision?: string; reason?: string; systemMessage?: string };
}

/** Preloaded into a hook process: says on stderr, at exit, whether zod was loaded (zod's core sets this global). */
const ZOD_PROBE = join(dir, 'zod-probe.cjs');
writeFileSync(
  ZOD_PROBE,
  "process.on('exit', () => require('node:fs').writeSync(2, 'zod loaded: ' + ('__zod_globalConfig' in globalThis) + '\\n'));\n",
);

/** Where `after` first differs from `before`, with 100 bytes either side from each (latin1, escaped), or nothing. */
function firstDifference(before: Buffer, after: Buffer): string | undefined {
  if (before.equals(after)) return undefined;
  let at = 0;
  while (at < before.length && at < after.length && before[at] === after[at]) at++;
  const around = (bytes: Buffer) => JSON.stringify(bytes.toString('latin1', Math.max(0, at - 100), at + 100));
  return `differs at byte ${at} (${before.length} bytes, then ${after.length}):\n  first:  ${around(before)}\n  second: ${around(after)}`;
}

const out = join(dir, 'dist', 'skill-packs');
let first: Map<string, Buffer>;
let warnings: readonly { code: string; message: string }[];
const files = [
  'claude-code/plugin/hooks/skillpack-hook.cjs',
  'codex/plugin/hooks/skillpack-hook.cjs',
  'opencode/.opencode/plugins/acme-review.js',
  'codex/plugin/hooks/skillpack-hook.contracts.mjs',
];

beforeAll(async () => {
  project(dir);
  ({ warnings } = await buildPack({ cwd: dir, typeReferences: { prefer: 'sources' } }));
  first = new Map(files.map((file) => [file, readFileSync(join(out, file))]));
}, 180_000);

describe('generated hooks and plugin carry the pack contracts', { timeout: 120_000 }, () => {
  it.each([
    ['claude-code/plugin/hooks/hooks.json', 'CLAUDE_PLUGIN_ROOT', 'claude-code/plugin'],
    ['codex/plugin/hooks/hooks.json', 'PLUGIN_ROOT', 'codex/plugin'],
  ])(
    'the hook of %s blocks a wrong answer for the user contract and passes a right one',
    (hooksFile, variable, root) => {
      const hooks = JSON.parse(readFileSync(join(out, hooksFile), 'utf8'));
      const command = (hooks.hooks.Stop[0].hooks[0].command as string).replaceAll(
        `\${${variable}}`,
        join(out, root),
      );
      const blocked = runHook(command, WRONG);
      expect(blocked.decision, JSON.stringify(blocked)).toBe('block');
      expect(blocked.reason).toContain('Acme review verdict');
      expect(runHook(command, RIGHT)).toEqual({});
    },
  );

  it.each(['claude-code', 'codex'])(
    'the %s hook decides a satisfied stop and one attempting no answer without loading zod, and loads it to word a correction',
    (runtime) => {
      const hook = join(out, `${runtime}/plugin/hooks/skillpack-hook.cjs`);
      const command = `node -r "${ZOD_PROBE}" "${hook}" ${runtime} --contract acme.review 2>"${dir}/stderr"`;
      for (let round = 0; round < 2; round++) {
        expect(runHook(command, RIGHT)).toEqual({});
        expect(readFileSync(join(dir, 'stderr'), 'utf8')).toBe('zod loaded: false\n');
      }
      // No JSON object at all: the contract's correction of a missing answer, as the build worded it.
      const unattempted = runHook(command, 'Reviewed, nothing to add.');
      expect(unattempted.decision).toBe('block');
      expect(unattempted.reason).toContain('Acme review verdict');
      expect(readFileSync(join(dir, 'stderr'), 'utf8')).toBe('zod loaded: false\n');
      expect(runHook(command, WRONG).decision).toBe('block');
      expect(readFileSync(join(dir, 'stderr'), 'utf8')).toBe('zod loaded: true\n');
    },
  );

  it('the build warns of no contract whose validator it generated', () => {
    expect(warnings.filter((warning) => warning.code === 'hook_validator_fallback')).toEqual([]);
  });

  it('the OpenCode plugin loads the user contract and exports the plugin alone', async () => {
    const module = await import(pathToFileURL(join(out, 'opencode/.opencode/plugins/acme-review.js')).href);
    expect(Object.keys(module)).toEqual(['SkillpackContractsPlugin']);
    const logs: string[] = [];
    const client = {
      app: { log: async ({ body }: { body: { message: string } }) => void logs.push(body.message) },
    };
    const hooks = await module.SkillpackContractsPlugin({ client }, undefined);
    expect(typeof hooks.event).toBe('function');
    expect(logs.join('\n')).toContain('contracts: acme.review');
  });

  it.each([
    ['opencode/.opencode/plugins/acme-review.js', 'plugin'],
    ['pi/.pi/extensions/acme-review.js', 'extension'],
  ] as const)(
    '%s starts with no zod, allows a right answer with none, and loads it to correct a wrong one',
    (file, kind) => {
      const url = pathToFileURL(join(out, file)).href;
      const script = `
      const module = await import(${JSON.stringify(url)});
      const zod = () => '__zod_globalConfig' in globalThis;
      const seen = { start: undefined, right: undefined, wrong: undefined };
      let answer;
      if (${JSON.stringify(kind)} === 'plugin') {
        let prompts = 0;
        const client = {
          app: { log: async () => ({}) },
          session: {
            get: async () => ({ data: {} }),
            messages: async () => ({ data: [] }),
            promptAsync: async ({ body }) => { prompts++; seen.prompt = body.parts[0].text; return {}; },
          },
        };
        const hooks = await module.SkillpackContractsPlugin({ client }, undefined);
        let turn = 0;
        answer = async (text) => {
          const messageID = 'msg_' + ++turn;
          const sessionID = 'ses_1';
          await hooks.event({ event: { type: 'message.updated', properties: { info: { id: messageID, sessionID, role: 'assistant' } } } });
          await hooks.event({ event: { type: 'message.part.updated', properties: { part: { id: 'a' + turn, sessionID, messageID, type: 'text', text } } } });
          await hooks.event({ event: { type: 'message.part.updated', properties: { part: { id: 'b' + turn, sessionID, messageID, type: 'step-finish', reason: 'stop' } } } });
          return prompts;
        };
      } else {
        const handlers = new Map();
        await module.default({ on: (event, handler) => handlers.set(event, handler) });
        let pushed = 0;
        answer = async (text) => {
          const result = await handlers.get('agent_before_settle')({
            outcome: 'completed',
            entries: [],
            context: { contextMessages: [{ role: 'assistant', content: [{ type: 'text', text }], stopReason: 'stop' }] },
          }, { sessionManager: { getSessionId: () => 's' } });
          if (result?.continue) { pushed++; seen.prompt = result.entries.at(-1).content; }
          return pushed;
        };
      }
      seen.start = zod();
      seen.right = [await answer(${JSON.stringify(RIGHT)}), zod()];
      seen.wrong = [await answer(${JSON.stringify(WRONG)}), zod()];
      console.log(JSON.stringify(seen));
    `;
      const run = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, SKILLPACK_HOOK_STATE_DIR: join(dir, 'state') },
      });
      expect(run.status, run.stderr).toBe(0);
      const seen = JSON.parse(run.stdout);
      expect(seen).toMatchObject({ start: false, right: [0, false], wrong: [1, true] });
      expect(seen.prompt).toContain('Acme review verdict');
    },
  );

  it('the hook and the plugin carry the contracts the pack hooks and no built-in family', () => {
    const hook = join(out, 'claude-code/plugin/hooks/skillpack-hook.cjs');
    // Each built-in contract's title is a string literal of its family's code (ASCII, as esbuild writes it).
    const title = (contract: { title: string }) => JSON.stringify(contract.title).slice(1, -1);
    for (const file of [hook, join(out, 'opencode/.opencode/plugins/acme-review.js')]) {
      const text = readFileSync(file, 'latin1');
      expect(text.includes('Acme review verdict'), file).toBe(true);
      for (const contract of builtinContracts.list())
        expect(text.includes(title(contract)), `${file}: ${contract.id}`).toBe(false);
    }
    for (const prebuilt of ['skillpack-hook.cjs', 'opencode-plugin.mjs']) {
      const text = readFileSync(
        new URL(`../../../adapters/dist/bundles/${prebuilt}`, import.meta.url),
        'latin1',
      );
      for (const contract of builtinContracts.list())
        expect(text.includes(title(contract)), `${prebuilt}: ${contract.id}`).toBe(true);
    }
    const other = runHook(`node "${hook}" claude-code --contract conflux.acceptance`, WRONG);
    expect(other.systemMessage).toContain(
      'Unknown contract "conflux.acceptance". Known contracts: acme.review.',
    );
  });

  it('carries its contracts module beside every hook and plugin: the loader of its own contracts alone', async () => {
    const manifest = JSON.parse(readFileSync(join(out, 'skillpack.manifest.json'), 'utf8'));
    const modules = (manifest.files as { path: string }[])
      .map((file) => file.path)
      .filter((path) => path.endsWith('.contracts.mjs'));
    const forms = [
      'claude-code/plugin/hooks/skillpack-hook',
      'codex/plugin/hooks/skillpack-hook',
      'copilot-cli/.github/hooks/acme-review/skillpack-hook',
      'copilot-cli/plugin/hooks/skillpack-hook',
      'gemini-cli/extension/hooks/skillpack-hook',
      'opencode/.opencode/plugins/acme-review',
      'pi/.pi/extensions/acme-review',
      'qwen-code/hooks/skillpack-hook',
    ];
    expect(modules.sort()).toEqual(
      [...forms, ...forms.map((form) => `portable/${form}`)].map((form) => `${form}.contracts.mjs`).sort(),
    );
    const module = await import(pathToFileURL(join(out, modules[0]!)).href);
    expect(Object.keys(module)).toEqual(['skillpackContracts']);
    const loaded = await module.skillpackContracts(['acme.review']);
    expect(loaded.success).toBe(true);
    expect(loaded.data[0].title).toBe('Acme review verdict');
    expect(loaded.data[0].extract(RIGHT).success).toBe(true);
    const builtin = await module.skillpackContracts(['conflux.acceptance']);
    expect(builtin.error.message).toBe(
      'Unknown contract "conflux.acceptance". Known contracts: acme.review.',
    );
  });

  it('a pack that hooks a built-in contract next to its own carries both', async () => {
    const mixed = join(dir, 'mixed');
    project(mixed, { ...CONFIG, hooks: { 'acme.review': {}, 'conflux.acceptance': {} } });
    const skill = join(mixed, 'skills', 'review', 'skill.md');
    writeFileSync(
      skill,
      readFileSync(skill, 'utf8').replace(
        'contracts: [acme.review]',
        'contracts: [acme.review, conflux.acceptance]',
      ),
    );
    const built = await buildPack({ cwd: mixed, typeReferences: { prefer: 'sources' } });
    // The built-in reads its answer with a parser of its own, which it declares zod-free (`plainRead`).
    expect(built.warnings.filter((warning) => warning.code === 'hook_validator_fallback')).toEqual([]);
    const hook = join(mixed, 'dist/skill-packs/claude-code/plugin/hooks/skillpack-hook.cjs');
    const probed = `node -r "${ZOD_PROBE}" "${hook}" claude-code --contract conflux.acceptance 2>"${mixed}/stderr"`;
    expect(runHook(probed, 'Done.\n{"acceptance":"pass"}\nACCEPTANCE: PASS')).toEqual({});
    expect(readFileSync(join(mixed, 'stderr'), 'utf8')).toBe('zod loaded: false\n');
    const fail = '{"acceptance":"fail","findings":["[RETRY_TEST_MISSING] add a test"]}\nACCEPTANCE: FAIL';
    expect(runHook(probed, `Done.\n${fail}`)).toEqual({});
    expect(readFileSync(join(mixed, 'stderr'), 'utf8')).toBe('zod loaded: false\n');
    // A `gated` verdict's `blocked` spelling is a transform the generator does not compile: zod reads it.
    const blocker =
      '{"category":"credential","evidence":["e"],"unblock_condition":"u","next_action":"n","resumable":true}';
    expect(runHook(probed, `Done.\n{"acceptance":"gated","blocker":${blocker}}\nACCEPTANCE: GATED`)).toEqual(
      {},
    );
    expect(readFileSync(join(mixed, 'stderr'), 'utf8')).toBe('zod loaded: true\n');
    expect(runHook(`node "${hook}" claude-code --contract acme.review`, WRONG).decision).toBe('block');
    const conflux = runHook(`node "${hook}" claude-code --contract conflux.acceptance`, 'No verdict here.');
    expect(conflux.decision, JSON.stringify(conflux)).toBe('block');
    expect(
      runHook(`node "${hook}" claude-code --contract conflux.acceptance`, 'Done.\nACCEPTANCE: PASS'),
    ).toEqual({});
    const either = `node "${hook}" claude-code --contract conflux.acceptance --contract acme.review`;
    expect(runHook(either, RIGHT)).toEqual({});
    // A stop attempting neither is blocked with the list of answers expected, no zod loaded.
    const neither = runHook(
      `node -r "${ZOD_PROBE}" ${either.slice(5)} 2>"${mixed}/stderr"`,
      'No verdict here.',
    );
    expect(neither.reason).toMatch(/^Your final message must end with the answer of one of these contracts/);
    expect(readFileSync(join(mixed, 'stderr'), 'utf8')).toBe('zod loaded: false\n');
    expect(runHook(either, 'Done.\nACCEPTANCE: PASS')).toEqual({});
    // Its contracts module carries its own alone: doctor finds the built-in where it runs.
    const contracts = await import(
      pathToFileURL(join(mixed, 'dist/skill-packs/claude-code/plugin/hooks/skillpack-hook.contracts.mjs'))
        .href
    );
    expect((await contracts.skillpackContracts(['acme.review'])).success).toBe(true);
    expect((await contracts.skillpackContracts(['conflux.acceptance'])).success).toBe(false);
  });

  it('a pack that hooks a built-in with a zod-free read decides its satisfied stop without loading zod', async () => {
    const maestro = join(dir, 'maestro');
    project(maestro, { ...CONFIG, hooks: { 'acme.review': {}, 'maestro.result': {} } });
    const skill = join(maestro, 'skills', 'review', 'skill.md');
    writeFileSync(
      skill,
      readFileSync(skill, 'utf8').replace(
        'contracts: [acme.review]',
        'contracts: [acme.review, maestro.result]',
      ),
    );
    const built = await buildPack({ cwd: maestro, typeReferences: { prefer: 'sources' } });
    expect(built.warnings.filter((warning) => warning.code === 'hook_validator_fallback')).toEqual([]);
    const hook = join(maestro, 'dist/skill-packs/claude-code/plugin/hooks/skillpack-hook.cjs');
    const command = `node -r "${ZOD_PROBE}" "${hook}" claude-code --contract maestro.result 2>"${maestro}/stderr"`;
    const result = builtinContracts.get('maestro.result')!;
    const block = result.render(result.examples[0]!.value);
    expect(runHook(command, `Done.\n${block}`)).toEqual({});
    expect(readFileSync(join(maestro, 'stderr'), 'utf8')).toBe('zod loaded: false\n');
    // A message without a block is the parser's fallback, which never satisfies the contract.
    expect(runHook(command, 'Done, no block.').decision).toBe('block');
    expect(readFileSync(join(maestro, 'stderr'), 'utf8')).toBe('zod loaded: true\n');
  });

  it('builds byte-identical files run to run', async () => {
    await buildPack({ cwd: dir, typeReferences: { prefer: 'sources' } });
    const differing = files.flatMap((file) => {
      const difference = firstDifference(first.get(file)!, readFileSync(join(out, file)));
      return difference === undefined ? [] : [`${file} ${difference}`];
    });
    expect(differing, differing.join('\n')).toEqual([]);
  });

  it('a hooked contract the build cannot carry is a build error', async () => {
    const api = join(dir, 'api');
    project(api, { ...CONFIG, contracts: [] });
    const review = defineContract({
      id: 'acme.review',
      version: '1.0.0',
      title: 'Review',
      description: 'A verdict.',
      delivery: 'text',
      schema: z.strictObject({ verdict: z.string() }),
      examples: [],
    });
    const registry = createContractRegistry([review, ...builtinContracts.list()]);
    const error = await buildPack({ cwd: api, registry, typeReferences: { prefer: 'sources' } }).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe('hook_contract_not_carried');
  });
});
