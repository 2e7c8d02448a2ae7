// The files of the throwaway consumer project scripts/test-pack.mjs installs the tarballs into.

/**
 * Loaded into every Node process of the checks (NODE_OPTIONS): appends each module a process resolves to
 * $SKILLPACK_RESOLUTION_LOG, through the ESM loader hooks and CommonJS's resolver, so the runner can prove
 * nothing came from the monorepo.
 */
const RECORD_ESM = `import { register } from 'node:module';
register('./record-hooks.mjs', import.meta.url, { data: { log: process.env.SKILLPACK_RESOLUTION_LOG } });
`;

const RECORD_HOOKS = `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) {
  log = data?.log;
}
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (log) appendFileSync(log, \`\${result.url}\\n\`);
  return result;
}
`;

const RECORD_CJS = `const { appendFileSync } = require('node:fs');
const Module = require('node:module');
const log = process.env.SKILLPACK_RESOLUTION_LOG;
const original = Module._resolveFilename;
Module._resolveFilename = function resolveAndRecord(...args) {
  const resolved = original.apply(this, args);
  if (log && typeof resolved === 'string') appendFileSync(log, resolved + '\\n');
  return resolved;
};
`;

/** Shared by both checks: every public specifier of a package, from its installed exports map. */
const SPECIFIERS = `import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function targetOf(entry) {
  if (typeof entry === 'string') return entry;
  return entry?.import ?? entry?.default ?? entry?.require;
}

/** A file that starts with a shebang is a program (run, never imported); JSON is imported as JSON. */
function kindOf(file) {
  if (file.endsWith('.json')) return 'json';
  return readFileSync(file, 'utf8').startsWith('#!') ? 'program' : 'module';
}

export function specifiersOf(packageDir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const out = [];
  for (const [key, entry] of Object.entries(manifest.exports)) {
    const target = targetOf(entry);
    if (typeof target !== 'string') throw new Error(\`\${manifest.name}: export \${key} has no target\`);
    if (!key.includes('*')) {
      const file = join(packageDir, target);
      if (!existsSync(file)) throw new Error(\`\${manifest.name}: export \${key} points at missing \${target}\`);
      out.push({ specifier: manifest.name + key.slice(1), kind: kindOf(file), file });
      continue;
    }
    const [targetPrefix, targetSuffix] = target.split('*');
    const [keyPrefix, keySuffix] = key.split('*');
    const dir = join(packageDir, targetPrefix);
    // A wildcard that stands for a folder (\`./dist/*/contract-list.js\`) matches each folder holding the rest.
    const matches = (existsSync(dir) ? readdirSync(dir) : [])
      .map((name) =>
        targetSuffix.includes('/')
          ? { stem: name, file: join(dir, name + targetSuffix) }
          : { stem: name.slice(0, name.length - targetSuffix.length), file: name.endsWith(targetSuffix) ? join(dir, name) : '' },
      )
      .filter((match) => match.file !== '' && existsSync(match.file));
    if (matches.length === 0) throw new Error(\`\${manifest.name}: export \${key} matches no file in \${targetPrefix}\`);
    for (const { stem, file } of matches.sort((a, b) => (a.stem < b.stem ? -1 : 1))) {
      out.push({ specifier: manifest.name + keyPrefix.slice(1) + stem + keySuffix, kind: kindOf(file), file });
    }
  }
  return out;
}
`;

/** ESM: import every subpath (JSON with import attributes), resolve programs only. */
const ESM_CHECK = `import { fileURLToPath } from 'node:url';
import { specifiersOf } from './specifiers.mjs';

const report = [];
for (const name of JSON.parse(process.argv[2])) {
  const packageDir = fileURLToPath(new URL('.', import.meta.resolve(\`\${name}/package.json\`)));
  for (const { specifier, kind } of specifiersOf(packageDir)) {
    const resolved = fileURLToPath(import.meta.resolve(specifier));
    let exported = 0;
    if (kind === 'module') exported = Object.keys(await import(specifier)).length;
    if (kind === 'json') exported = Object.keys((await import(specifier, { with: { type: 'json' } })).default).length;
    report.push({ specifier, kind, resolved, exported });
  }
}
process.stdout.write(JSON.stringify(report));
`;

/** CommonJS: require() every subpath the ESM check found (Node >= 20.19 loads ESM through require). */
const CJS_CHECK = `const report = [];
for (const { specifier, kind } of JSON.parse(process.argv[2])) {
  const resolved = require.resolve(specifier);
  const exported = kind === 'program' ? 0 : Object.keys(require(specifier)).length;
  report.push({ specifier, kind, resolved, exported });
}
process.stdout.write(JSON.stringify({ requireModule: process.features.require_module === true, report }));
`;

/** A consumer using the main types of every package; `@ts-expect-error` lines fail if a type decays to any. */
const CONSUMER_TS = `import { createContractRegistry, defineContract, type ProtocolError, type Result } from '@skillpack/core';
import { type AcceptanceVerdict, safeParseAcceptanceOutput } from '@skillpack/core/conflux';
import { builtinContracts } from '@skillpack/core/contracts';
import * as devflow from '@skillpack/core/devflow';
import { type MaestroResult, safeParseResultBlock } from '@skillpack/core/maestro';
import * as zaofu from '@skillpack/core/zaofu';
import { type AgentRun, extractContract, readAgentRun, unwrapEventLine } from '@skillpack/adapters';
import { readClaudeCodeRun } from '@skillpack/adapters/claude-code';
import { readCodexRun } from '@skillpack/adapters/codex';
import { createOpenCodePlugin } from '@skillpack/adapters/opencode';
import { type HostErrorCode, type RunContractResult, runContract } from '@skillpack/host';
import { exportAttemptSpans } from '@skillpack/host/otel';
import { buildPack, type PackConfig, runCli } from '@skillpack/skill-gen';
import { createNodesV2, type SkillpackNxOptions } from '@skillpack/nx';
import { z } from 'zod';

const ReviewSchema = z.object({ approved: z.boolean(), notes: z.array(z.string()) });

export const review = defineContract({
  id: 'acme.review',
  version: '1.0.0',
  title: 'Review',
  description: 'Whether the change is approved.',
  delivery: 'text',
  schema: ReviewSchema,
  examples: [{ name: 'approved', value: { approved: true, notes: [] } }],
});

export const registry = createContractRegistry([review, ...builtinContracts.list()]);

export const reviewed: Result<{ approved: boolean; notes: string[] }, ProtocolError> = review.extract(
  'Done.\\n{"approved":true,"notes":[]}',
);
// @ts-expect-error a review has no score
export const score: number = review.examples[0]!.value.score;

export function acceptanceKind(stdout: string): AcceptanceVerdict['acceptance'] | ProtocolError['code'] {
  const parsed = safeParseAcceptanceOutput(stdout, { unwrapLine: unwrapEventLine });
  return parsed.success ? parsed.data.acceptance : parsed.error.code;
}

export function maestroStatus(text: string): MaestroResult | undefined {
  const parsed = safeParseResultBlock(text);
  return parsed.success ? parsed.data : undefined;
}

export async function readAndExtract(stdout: string): Promise<{ run: AgentRun; ok: boolean }> {
  const run = await readAgentRun(stdout, { runtime: 'auto' });
  const claude: AgentRun = await readClaudeCodeRun(stdout);
  const codex: AgentRun = await readCodexRun(stdout);
  return { run: claude.finalText === undefined ? codex : run, ok: extractContract(run, 'conflux.acceptance', { registry: builtinContracts }).success };
}

export async function hostVerdict(cwd: string): Promise<AcceptanceVerdict['acceptance'] | HostErrorCode> {
  const { acceptanceContract } = await import('@skillpack/core/conflux');
  const result: RunContractResult<AcceptanceVerdict> = await runContract({
    runtime: 'codex',
    contract: acceptanceContract,
    prompt: 'Review the change.',
    cwd,
  });
  exportAttemptSpans(result);
  return result.ok ? result.value.acceptance : result.error.code;
}

export const plugin = createOpenCodePlugin({ contracts: ['conflux.acceptance'], maxPrompts: 2 });

export const config: Pick<PackConfig, 'name' | 'version'> = { name: 'smoke-pack', version: '0.0.1' };

export async function cli(argv: readonly string[]): Promise<number> {
  return runCli(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stdin: process.stdin,
    cwd: process.cwd(),
    env: process.env,
  });
}

export const families = [Object.keys(devflow).length, Object.keys(zaofu).length, typeof buildPack];

export const nxOptions: SkillpackNxOptions = { buildTargetName: 'pack-build', configGlob: 'packs/*/skillpack.config.json' };
export const nxPattern: string = createNodesV2[0];
// @ts-expect-error a target name is a string
export const badNxOptions: SkillpackNxOptions = { buildTargetName: 1 };
`;

const TSCONFIG_COMMON = {
  target: 'ES2022',
  lib: ['ES2023'],
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: false,
  types: ['node'],
  verbatimModuleSyntax: true,
  rootDir: 'src',
};

function tsconfig(options) {
  return `${JSON.stringify({ compilerOptions: { ...TSCONFIG_COMMON, ...options }, include: ['src'] }, null, 2)}\n`;
}

const SKILL_SOURCE = `---
name: smoke-review
description: Review a change against its specification and end with a Conflux acceptance verdict. Use when a change claims to be done.
license: MIT
contracts: [conflux.acceptance]
---

# Smoke review

Review the change against its specification, run its checks, then answer.

{{> contract-output contract="conflux.acceptance"}}
`;

const PACK_CONFIG = {
  name: 'smoke-pack',
  version: '0.0.1',
  description: 'A one-skill pack the packed-tarball smoke test builds.',
  author: { name: 'skillpack smoke test' },
  license: 'MIT',
  skills: ['skills'],
  out: 'out',
  hooks: { 'conflux.acceptance': {} },
};

/** `codex exec --json` events (shape of Codex 0.147) whose final message carries a PASS verdict. */
const CODEX_PASS_RUN = [
  { type: 'thread.started', thread_id: '01a00112-1c71-75b2-afd4-aee8459e07c7' },
  { type: 'turn.started' },
  {
    type: 'item.completed',
    item: {
      id: 'item_0',
      type: 'agent_message',
      text: 'Reviewed the change; every check passed.\n{"acceptance":"pass"}\nACCEPTANCE: PASS',
    },
  },
  { type: 'turn.completed', usage: { input_tokens: 100, cached_input_tokens: 0, output_tokens: 20 } },
];

/** `claude -p --output-format stream-json` events (shape of Claude Code 2.1) ending without a verdict. */
const CLAUDE_MISSING_RUN = [
  {
    type: 'system',
    subtype: 'init',
    cwd: '/work',
    session_id: 's-1',
    tools: ['Bash'],
    claude_code_version: '2.1.276',
  },
  {
    type: 'assistant',
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'I am still waiting for the tests to finish.' }],
      stop_reason: null,
    },
    parent_tool_use_id: null,
    session_id: 's-1',
  },
  {
    type: 'result',
    subtype: 'success',
    is_error: false,
    num_turns: 1,
    result: 'I am still waiting for the tests to finish.',
    session_id: 's-1',
    stop_reason: 'end_turn',
  },
];

const jsonl = (events) => `${events.map((event) => JSON.stringify(event)).join('\n')}\n`;

/** Files relative to the consumer root. */
export function consumerFiles() {
  return {
    'package.json': `${JSON.stringify({ name: 'skillpack-consumer', version: '0.0.0', private: true, type: 'module' }, null, 2)}\n`,
    '.npmrc': 'engine-strict=true\n',
    'checks/record.mjs': RECORD_ESM,
    'checks/record-hooks.mjs': RECORD_HOOKS,
    'checks/record.cjs': RECORD_CJS,
    'checks/specifiers.mjs': SPECIFIERS,
    'checks/esm-check.mjs': ESM_CHECK,
    'checks/cjs-check.cjs': CJS_CHECK,
    'src/consumer.ts': CONSUMER_TS,
    'tsconfig.nodenext.json': tsconfig({ module: 'nodenext', moduleResolution: 'nodenext', outDir: 'build' }),
    'tsconfig.bundler.json': tsconfig({ module: 'preserve', moduleResolution: 'bundler', noEmit: true }),
    'pack/skillpack.config.json': `${JSON.stringify(PACK_CONFIG, null, 2)}\n`,
    'pack/skills/smoke-review/skill.md': SKILL_SOURCE,
    'samples/codex-pass.jsonl': jsonl(CODEX_PASS_RUN),
    'samples/claude-missing.jsonl': jsonl(CLAUDE_MISSING_RUN),
  };
}

/** Claude Code / Codex Stop hook stdin (field names as the runtimes send them). */
export function stopPayload(runtime, message) {
  const common = {
    session_id: `smoke-${runtime}`,
    cwd: '/tmp',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: message,
  };
  return JSON.stringify(
    runtime === 'codex'
      ? { ...common, turn_id: 'turn-1', transcript_path: null, model: 'gpt-5' }
      : { ...common, transcript_path: '/nonexistent/transcript.jsonl', permission_mode: 'default' },
  );
}
