// Packs and hooks the benches build in a scratch folder: the example pack (examples/, the built-in
// families it hooks), a `skillpack init` pack (a TypeScript contract of its own), the hand-written Node Stop
// hook that is the floor of every hook figure, and the smallest cc-hooks-ts Stop hook (the anchor), installed
// from npm into the scratch folder at run time and bundled with esbuild; never a dependency of the repo.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const SKILL_GEN = join(root, 'packages/skill-gen/dist/index.js');
/** The cc-hooks-ts release the anchor is written for; `SKILLPACK_BENCH_CC_HOOKS_TS` picks another. */
const CC_HOOKS_TS = process.env.SKILLPACK_BENCH_CC_HOOKS_TS ?? '2.1.251';

async function skillGen() {
  try {
    return await import(pathToFileURL(SKILL_GEN).href);
  } catch (cause) {
    throw new Error('build first: npm run build', { cause });
  }
}

/** The arguments after `node` of the Stop hook a built Claude Code pack wires in its hooks.json. */
function stopHookArgs(pluginDir) {
  const hooks = JSON.parse(readFileSync(join(pluginDir, 'hooks/hooks.json'), 'utf8'));
  const command = hooks.hooks.Stop[0].hooks[0].command;
  const words = command.match(/"[^"]*"|\S+/g).map((word) => word.replace(/^"|"$/g, ''));
  if (words[0] !== 'node') throw new Error(`unexpected hook command: ${command}`);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the hook command's literal ${CLAUDE_PLUGIN_ROOT} placeholder
  return words.slice(1).map((word) => word.replace('${CLAUDE_PLUGIN_ROOT}', pluginDir));
}

/** The example pack (examples/skillpack.config.json) built into `dir`: its Claude Code Stop hook's args. */
export async function examplePackHook(dir) {
  const { buildPack } = await skillGen();
  const out = join(dir, 'example-pack');
  await buildPack({ cwd: join(root, 'examples'), out, targets: ['claude-code'] });
  return stopHookArgs(join(out, 'claude-code/plugin'));
}

/** The example pack built for OpenCode into `dir`: its plugin file (its `.json` configuration beside it). */
export async function examplePackPlugin(dir) {
  const { buildPack } = await skillGen();
  const out = join(dir, 'example-pack-opencode');
  await buildPack({ cwd: join(root, 'examples'), out, targets: ['opencode'] });
  return join(out, 'opencode/.opencode/plugins/skillpack-examples.js');
}

/**
 * A `skillpack init` pack in `dir/init-pack`, its workspace's core and zod linked in (as `npm install`
 * would), built for Claude Code and OpenCode: its Stop hook's args, its OpenCode plugin file and the project.
 */
export async function initPack(dir) {
  const { buildPack, runCli } = await skillGen();
  const project = join(dir, 'init-pack');
  const quiet = { stdout: () => {}, stderr: (text) => process.stderr.write(text) };
  const code = await runCli(['init', project, '--name', 'bench-pack'], {
    ...quiet,
    stdin: process.stdin,
    cwd: dir,
    env: process.env,
    interactive: false,
  });
  if (code !== 0) throw new Error(`skillpack init exited with ${code}`);
  mkdirSync(join(project, 'node_modules/@skillpack'), { recursive: true });
  symlinkSync(join(root, 'packages/core'), join(project, 'node_modules/@skillpack/core'));
  symlinkSync(join(root, 'node_modules/zod'), join(project, 'node_modules/zod'));
  await buildPack({ cwd: project, targets: ['claude-code', 'opencode'] });
  const packs = join(project, 'dist/skill-packs');
  return {
    hook: stopHookArgs(join(packs, 'claude-code/plugin')),
    plugin: join(packs, 'opencode/.opencode/plugins/bench-pack.js'),
    contract: 'bench-pack.review',
    project,
  };
}

/** A line of the final message is a JSON object: the least check a hook can make of a contract's verdict. */
const VERDICT_LINE = String.raw`/^\{"[a-z_]+":.*\}$/m`;

/** The hand-written Node Stop hook: read stdin, `JSON.parse`, a regex on the last message. */
export function handWrittenHook(dir) {
  const file = join(dir, 'hand-written-hook.cjs');
  writeFileSync(
    file,
    `const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const message = typeof event.last_assistant_message === 'string' ? event.last_assistant_message : '';
  process.stdout.write(${VERDICT_LINE}.test(message) ? '{}\\n' : JSON.stringify({ decision: 'block', reason: 'End with the verdict as one line of JSON.' }) + '\\n');
});
`,
  );
  return [file];
}

/**
 * The smallest cc-hooks-ts Stop hook (the same regex), bundled by esbuild into one file: cc-hooks-ts is
 * installed from npm into `dir` now. Returns its args, or `{ unavailable }` saying why not (no network).
 */
export async function ccHooksTsHook(dir) {
  const project = join(dir, 'cc-hooks-ts');
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    '{"name":"cc-hooks-ts-anchor","private":true,"type":"module"}\n',
  );
  const install = spawnSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
      `cc-hooks-ts@${CC_HOOKS_TS}`,
    ],
    { cwd: project, encoding: 'utf8', timeout: 300_000 },
  );
  if (install.status !== 0) {
    return {
      unavailable: `npm install cc-hooks-ts@${CC_HOOKS_TS} failed: ${(install.stderr || install.error?.message || '').trim().split('\n')[0]}`,
    };
  }
  writeFileSync(
    join(project, 'hook.mjs'),
    `import { defineHook, runHook } from 'cc-hooks-ts';

const hook = defineHook({
  trigger: { Stop: true },
  run: (context) =>
    ${VERDICT_LINE}.test(context.input.last_assistant_message ?? '')
      ? context.success()
      : context.json({ event: 'Stop', output: { decision: 'block', reason: 'End with the verdict as one line of JSON.' } }),
});
await runHook(hook);
`,
  );
  const { build } = await import(pathToFileURL(join(root, 'node_modules/esbuild/lib/main.js')).href);
  const outfile = join(project, 'hook.bundle.mjs');
  await build({
    entryPoints: [join(project, 'hook.mjs')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    minify: true,
    outfile,
    logLevel: 'silent',
  });
  return { args: [outfile] };
}

/** A Claude Code Stop event whose last message is `message`. */
export function stopEvent(message, cwd) {
  return JSON.stringify({
    session_id: 'bench-session',
    transcript_path: '/nonexistent/transcript.jsonl',
    cwd,
    permission_mode: 'default',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: message,
  });
}

/**
 * The least a pack hook's satisfied stop needs, as one program compiled fresh (no code-cache loader): the
 * build's tables for `contracts` (the hooked runtimes' payload predicates, the validators generated from
 * the schemas, the contracts' zod-free reads) and the fast path's `provenContract`, behind a stdin read, a
 * `JSON.parse`, the hook's deadline and Claude Code's payload check. No command line, no hand-over to the
 * whole hook, no block budget: a floor under any hook that reads the same contracts, not a hook. Bundled as
 * `skillpack build` bundles (esbuild, minified) into `dir/<name>.cjs`; its args. Exits 0 on a satisfied
 * stop, else 5.
 */
export async function contractReadAlone(dir, name, contracts) {
  const skillGenDir = join(root, 'packages/skill-gen');
  const require = createRequire(join(skillGenDir, 'package.json'));
  const [recipe, { build }] = await Promise.all([
    import(pathToFileURL(require.resolve('@skillpack/adapters/bundler')).href),
    import(pathToFileURL(require.resolve('esbuild')).href),
  ]);
  const ids = contracts.map((contract) => contract.id);
  const tables = await recipe.fastStopTablesSource(contracts);
  const fastAnswer = join(root, 'packages/adapters/dist/hooks/fast-answer.js');
  const entry = [
    `import { provenContract } from ${JSON.stringify(fastAnswer)};`,
    ...tables.imports.map(
      ({ module, name, local }) =>
        `import { ${name} as ${local} } from ${JSON.stringify(require.resolve(module))};`,
    ),
    `const tables = ${tables.source};`,
    'const timer = setTimeout(() => process.exit(3), 30000);',
    'const chunks = [];',
    "process.stdin.on('data', (chunk) => chunks.push(chunk));",
    "process.stdin.on('end', () => {",
    '  clearTimeout(timer);',
    "  const payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));",
    "  if (!tables.runtimes['claude-code'].accepts(payload)) process.exit(4);",
    `  const proven = provenContract(tables.contracts, ${JSON.stringify(ids)}, payload.last_assistant_message);`,
    '  process.exit(proven === undefined ? 5 : 0);',
    '});',
  ].join('\n');
  const bundled = await build({
    stdin: { contents: entry, resolveDir: skillGenDir, loader: 'js' },
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    minify: true,
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    // As a user's build resolves them: no tsconfig here maps @skillpack/core to its sources.
    tsconfigRaw: '{}',
  });
  const file = join(dir, `${name}.cjs`);
  writeFileSync(file, bundled.outputFiles[0].text);
  return [file];
}

/**
 * The contracts a pack project's TypeScript module exports (`file`, relative to `project`), bundled by esbuild
 * beside it (its imports left to the project's node_modules) and imported: what the build reads, as objects.
 */
export async function projectContracts(project, file) {
  const { build } = await import(pathToFileURL(join(root, 'node_modules/esbuild/lib/main.js')).href);
  const outfile = join(project, '.bench-contracts.mjs');
  await build({
    entryPoints: [join(project, file)],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'silent',
  });
  return Object.values(await import(pathToFileURL(outfile).href)).filter(
    (value) => typeof value?.id === 'string' && typeof value?.schema === 'object',
  );
}
