// The installed bins: `skillpack --version`, `build` + `check`, `parse`, and `skillpack-hook`.
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stopPayload } from './consumer-files.mjs';
import { assert, parseJsonOutput } from './harness.mjs';

export async function cliVersion(ctx) {
  const result = await ctx.npx(['skillpack', '--version']);
  const expected = ctx.tarballs.get('@skillpack/skill-gen').version;
  const printed = result.stdout.trim();
  assert(
    printed === expected,
    `skillpack --version printed ${JSON.stringify(printed)}, expected ${expected}`,
  );
  return `skillpack ${expected}`;
}

/** Build the one-skill pack of consumer-files.mjs, look at what it wrote, then `skillpack check` it. */
export async function buildPack(ctx) {
  await ctx.npx(['skillpack', 'build', '--config', 'pack/skillpack.config.json']);
  const out = join(ctx.consumer, 'pack', 'out');
  const manifest = JSON.parse(readFileSync(join(out, 'skillpack.manifest.json'), 'utf8'));
  const paths = manifest.files.map((file) => file.path);
  const schemaPath = 'claude-code/.claude/skills/smoke-review/references/conflux.acceptance.schema.json';
  const expected = [
    'claude-code/.claude/skills/smoke-review/SKILL.md',
    'codex/.agents/skills/smoke-review/SKILL.md',
    'opencode/.opencode/skills/smoke-review/SKILL.md',
    'portable/skills/smoke-review/SKILL.md',
    'claude-code/plugin/hooks/skillpack-hook.cjs',
    schemaPath,
  ];
  const missing = expected.filter((path) => !paths.includes(path) || !existsSync(join(out, path)));
  assert(missing.length === 0, `the built pack lacks ${missing.join(', ')}`);
  const referenced = readFileSync(join(out, schemaPath), 'utf8');
  const publishedFile = join(
    ctx.consumer,
    'node_modules/@skillpack/core/dist/schemas/conflux.acceptance.json',
  );
  assert(
    JSON.stringify(JSON.parse(referenced)) ===
      JSON.stringify(JSON.parse(readFileSync(publishedFile, 'utf8'))),
    'the pack schema differs from @skillpack/core/schemas/conflux.acceptance.json',
  );
  await ctx.bin(['skillpack', 'check', '--config', 'pack/skillpack.config.json']);
  return `${paths.length} files for ${manifest.targets.join(', ')}; skillpack check clean`;
}

/** The hook file a pack carries runs with plain node in a folder with no node_modules anywhere above. */
export async function packHookStandalone(ctx) {
  const isolated = join(ctx.work, 'isolated-hook');
  mkdirSync(isolated, { recursive: true });
  const hook = join(isolated, 'skillpack-hook.cjs');
  cpSync(join(ctx.consumer, 'pack/out/claude-code/plugin/hooks/skillpack-hook.cjs'), hook);
  const result = await ctx.node(
    'pack hook bundle',
    [hook, 'claude-code', '--contract', 'conflux.acceptance'],
    {
      cwd: isolated,
      input: stopPayload('claude-code', 'Done, I think.'),
    },
  );
  const output = parseJsonOutput('pack hook', result.stdout);
  assert(
    output.decision === 'block',
    `the pack's hook did not block a stop without a verdict: ${result.stdout}`,
  );
  return 'blocks a stop without a verdict, with no node_modules';
}

export async function parseSamples(ctx) {
  const pass = await ctx.bin([
    'skillpack',
    'parse',
    '--contract',
    'conflux.acceptance',
    'samples/codex-pass.jsonl',
  ]);
  const ok = parseJsonOutput('skillpack parse', pass.stdout);
  assert(
    ok.ok === true && ok.runtime === 'codex' && ok.value?.acceptance === 'pass',
    `unexpected parse result ${pass.stdout}`,
  );
  const missing = await ctx.bin(['skillpack', 'parse', '--contract', 'conflux.acceptance', '-'], {
    input: readFileSync(join(ctx.consumer, 'samples/claude-missing.jsonl'), 'utf8'),
    expectStatus: [1],
  });
  const failed = parseJsonOutput('skillpack parse', missing.stdout);
  assert(
    failed.ok === false && failed.runtime === 'claude-code' && failed.error?.code === 'missing_verdict',
    `unexpected parse result ${missing.stdout}`,
  );
  // The installed bin runs `parse` from its bundle; from the modules (SKILLPACK_CLI_BUNDLE=0) it must print
  // the same bytes.
  const modules = { env: ctx.recordedEnv({ SKILLPACK_CLI_BUNDLE: '0' }) };
  const passModules = await ctx.bin(
    ['skillpack', 'parse', '--contract', 'conflux.acceptance', 'samples/codex-pass.jsonl'],
    modules,
  );
  const missingModules = await ctx.bin(['skillpack', 'parse', '--contract', 'conflux.acceptance', '-'], {
    ...modules,
    input: readFileSync(join(ctx.consumer, 'samples/claude-missing.jsonl'), 'utf8'),
    expectStatus: [1],
  });
  assert(
    passModules.stdout === pass.stdout && missingModules.stdout === missing.stdout,
    `skillpack parse printed other bytes from its bundle than from its modules: ${pass.stdout} / ${passModules.stdout}`,
  );
  return 'codex PASS -> exit 0 {"ok":true}; claude-code without a verdict -> exit 1 missing_verdict; the same bytes from the bundle and the modules';
}

const HOOK_CASES = [
  { runtime: 'claude-code', message: 'All done.', block: true },
  {
    runtime: 'claude-code',
    message: 'Checked everything.\n{"acceptance":"pass"}\nACCEPTANCE: PASS',
    block: false,
  },
  { runtime: 'codex', message: 'Looks fine to me.', block: true },
  { runtime: 'codex', message: '{"acceptance":"pass"}\nACCEPTANCE: PASS', block: false },
];

export async function stopHook(ctx) {
  const lines = [];
  for (const { runtime, message, block } of HOOK_CASES) {
    const result = await ctx.bin(['skillpack-hook', runtime, '--contract', 'conflux.acceptance'], {
      input: stopPayload(runtime, message),
    });
    const output = parseJsonOutput('skillpack-hook', result.stdout);
    const expected = block ? 'a block' : 'no block';
    assert((output.decision === 'block') === block, `${runtime}: expected ${expected}, got ${result.stdout}`);
    if (block) {
      const explains = typeof output.reason === 'string' && output.reason.includes('acceptance');
      assert(explains, `${runtime}: the reason does not explain the contract: ${output.reason}`);
    }
    lines.push(`${runtime} ${block ? 'blocks a stop without a verdict' : 'lets a PASS stop'}`);
  }
  return lines.join('\n');
}
