#!/usr/bin/env node
// Packed-tarball smoke test (`npm run test:pack`, after building every package): pack each package, install
// the tarballs into a fresh consumer project outside the repository, and use them there the way a person who
// installed them from npm would. Prints one line per check and `N passed, N failed`; exits 1 on any failure.
// `--keep` leaves the temporary folder in place for inspection.
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumerFiles, stopPayload } from './test-pack/consumer-files.mjs';
import { assert, createReport, isInside, parseJsonOutput, runOk } from './test-pack/harness.mjs';
import { readmeSnippets } from './test-pack/readme-snippets.mjs';

const repoRoot = realpathSync(fileURLToPath(new URL('..', import.meta.url)));
const PACKAGES = [
  { dir: 'core', name: '@skillpack/core' },
  { dir: 'adapters', name: '@skillpack/adapters' },
  { dir: 'skill-gen', name: '@skillpack/skill-gen' },
];
/** Paths a published tarball must never contain, each with the reason it is reported. */
const FORBIDDEN_PATHS = [
  { pattern: /(^|\/)(test|tests|__tests__)\//, what: 'a test folder' },
  { pattern: /\.(test|spec)\.[cm]?[jt]sx?$/, what: 'a test file' },
  { pattern: /(^|\/)fixtures?\//, what: 'fixtures' },
  { pattern: /\.tsbuildinfo$/, what: 'TypeScript build info' },
  { pattern: /(^|\/)__snapshots__\//, what: 'snapshots' },
  { pattern: /(^|\/)node_modules\//, what: 'node_modules' },
  { pattern: /\.tgz$/, what: 'a tarball' },
  { pattern: /(^|\/)\.env(\.|$)/, what: 'an env file' },
];
/** Files each tarball must carry for its features to work once installed. */
const REQUIRED_PATHS = {
  '@skillpack/core': ['README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'dist/schemas/index.json'],
  '@skillpack/adapters': ['README.md', 'LICENSE', 'dist/bin/skillpack-hook.js', 'dist/bundles/skillpack-hook.mjs'],
  '@skillpack/skill-gen': ['README.md', 'LICENSE', 'dist/cli.js', 'dist/templates/partials/contract-output.hbs'],
};
const STEP_TIMEOUT_MS = 60_000;
const INSTALL_TIMEOUT_MS = 300_000;

const keep = process.argv.includes('--keep');
const work = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-test-pack-')));
const tarballDir = join(work, 'tarballs');
const consumer = join(work, 'consumer');
const resolutionLog = join(work, 'resolutions.log');
const report = createReport();
const tarballs = new Map();

/** The environment of every child: no npm script variables, no repository bins on PATH. */
function childEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_(package|lifecycle)_/i.test(key) || /^npm_config_(local_prefix|prefix|workspaces?)$/i.test(key)) continue;
    if (key === 'INIT_CWD' || key === 'NODE_PATH' || key === 'NODE_OPTIONS') continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry !== '' && !isInside(repoRoot, entry))
    .join(delimiter);
  return { ...env, CI: 'true', NO_UPDATE_NOTIFIER: '1', npm_config_update_notifier: 'false', ...extra };
}

/** A child that records every module it resolves into the resolution log. */
function recordedEnv(extra = {}) {
  const checks = join(consumer, 'checks');
  return childEnv({
    ...extra,
    SKILLPACK_RESOLUTION_LOG: resolutionLog,
    NODE_OPTIONS: `--require=${join(checks, 'record.cjs')} --import=${join(checks, 'record.mjs')} --no-warnings`,
    SKILLPACK_HOOK_STATE_DIR: join(work, 'hook-state'),
  });
}

/** `npx --no -- <bin> …`: the consumer's own bin, never a download (`--` keeps `--version` for the bin). */
const npx = (args, options = {}) =>
  runOk(`npx ${args.join(' ')}`, 'npx', ['--no', '--', ...args], {
    cwd: consumer,
    env: recordedEnv(),
    timeoutMs: STEP_TIMEOUT_MS,
    ...options,
  });

/** A bin from the consumer's node_modules/.bin, as an npm script in the consumer would run it. */
const bin = (args, options = {}) =>
  runOk(args.join(' '), join(consumer, 'node_modules', '.bin', args[0]), args.slice(1), {
    cwd: consumer,
    env: recordedEnv(),
    timeoutMs: STEP_TIMEOUT_MS,
    ...options,
  });

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const versionOf = (dir) => JSON.parse(readFileSync(join(repoRoot, 'node_modules', dir, 'package.json'), 'utf8')).version;

async function packAll() {
  mkdirSync(tarballDir, { recursive: true });
  const rows = [];
  for (const pkg of PACKAGES) {
    const packageDir = join(repoRoot, 'packages', pkg.dir);
    assert(existsSync(join(packageDir, 'dist')), `${pkg.name} has no dist/: build every package first`);
    const result = await runOk(`npm pack (${pkg.name})`, 'npm', ['pack', '--json', '--pack-destination', tarballDir], {
      cwd: packageDir,
      env: childEnv(),
      timeoutMs: STEP_TIMEOUT_MS,
    });
    const [packed] = parseJsonOutput('npm pack --json', result.stdout);
    tarballs.set(pkg.name, { ...packed, path: join(tarballDir, packed.filename) });
    rows.push(`${pkg.name.padEnd(22)} ${String(packed.entryCount).padStart(5)} files  ${kib(packed.size).padStart(11)} packed  ${kib(packed.unpackedSize).padStart(11)} unpacked`);
  }
  return rows.join('\n');
}

function checkContents() {
  const problems = [];
  const license = readFileSync(join(repoRoot, 'LICENSE'), 'utf8');
  for (const [name, packed] of tarballs) {
    const paths = packed.files.map((file) => file.path);
    for (const path of paths) {
      const hit = FORBIDDEN_PATHS.find((rule) => rule.pattern.test(path));
      if (hit) problems.push(`${name}: ${path} is ${hit.what}`);
    }
    for (const path of REQUIRED_PATHS[name]) {
      if (!paths.includes(path)) problems.push(`${name}: ${path} is missing`);
    }
    const packageDir = join(repoRoot, 'packages', PACKAGES.find((pkg) => pkg.name === name).dir);
    if (existsSync(join(packageDir, 'LICENSE')) && readFileSync(join(packageDir, 'LICENSE'), 'utf8') !== license) {
      problems.push(`${name}: LICENSE differs from the repository's LICENSE`);
    }
  }
  assert(problems.length === 0, problems.join('\n'));
  return `no tests, fixtures, build info or snapshots; ${Object.values(REQUIRED_PATHS).flat().length} required files present`;
}

function writeConsumer() {
  for (const [path, content] of Object.entries(consumerFiles())) {
    mkdirSync(dirname(join(consumer, path)), { recursive: true });
    writeFileSync(join(consumer, path), content);
  }
  for (const snippet of readmeSnippets(repoRoot)) {
    writeFileSync(join(consumer, 'src', snippet.file), snippet.code);
  }
  writeFileSync(resolutionLog, '');
}

async function install() {
  writeConsumer();
  assert(!isInside(repoRoot, consumer), `the consumer ${consumer} must be outside the repository`);
  const specs = [...tarballs.values()].map((packed) => packed.path);
  specs.push(`zod@${versionOf('zod')}`, `@types/node@${versionOf('@types/node')}`);
  const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--install-links=false', ...specs];
  const result = await runOk('npm install', 'npm', args, { cwd: consumer, env: childEnv(), timeoutMs: INSTALL_TIMEOUT_MS });
  const problems = [];
  const scope = join(consumer, 'node_modules', '@skillpack');
  for (const pkg of PACKAGES) {
    const installed = join(consumer, 'node_modules', pkg.name);
    if (!existsSync(installed)) problems.push(`${pkg.name} is not installed`);
    else if (lstatSync(installed).isSymbolicLink()) problems.push(`${pkg.name} is a link, not an installed copy`);
  }
  for (const entry of readdirSync(scope)) {
    if (!PACKAGES.some((pkg) => pkg.name === `@skillpack/${entry}`)) problems.push(`unexpected @skillpack/${entry}`);
  }
  problems.push(...nestedSkillpackCopies(join(consumer, 'node_modules')));
  const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8'));
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path.includes('@skillpack/') && !String(entry.resolved ?? '').startsWith('file:')) {
      problems.push(`${path} resolved from ${entry.resolved ?? 'the registry'}, not from a tarball`);
    }
  }
  const ls = await runOk('npm ls', 'npm', ['ls', '--all', '--json'], { cwd: consumer, env: childEnv(), expectStatus: [0, 1] });
  const tree = parseJsonOutput('npm ls --json', ls.stdout);
  if (ls.status !== 0) problems.push(`npm ls reports problems: ${JSON.stringify(tree.problems ?? tree.error ?? tree).slice(0, 600)}`);
  assert(problems.length === 0, problems.join('\n'));
  const added = /added (\d+) packages?/.exec(result.stdout)?.[1] ?? '?';
  return `${added} packages into ${consumer}; one copy of each @skillpack package, all from the tarballs; peers satisfied`;
}

/** Any `node_modules/@skillpack/*` below a package: a second copy npm fetched instead of the tarball. */
function nestedSkillpackCopies(nodeModules, depth = 0) {
  const found = [];
  if (depth > 8 || !existsSync(nodeModules)) return found;
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dirs = entry.name.startsWith('@')
      ? readdirSync(join(nodeModules, entry.name)).map((name) => join(nodeModules, entry.name, name))
      : [join(nodeModules, entry.name)];
    for (const dir of dirs) {
      if (depth > 0 && dir.includes(`${join('node_modules', '@skillpack')}`)) found.push(`a nested copy at ${dir}`);
      found.push(...nestedSkillpackCopies(join(dir, 'node_modules'), depth + 1));
    }
  }
  return found;
}

function assertResolvedInside(entries, label) {
  const root = realpathSync(join(consumer, 'node_modules'));
  const outside = entries.filter((entry) => !isInside(root, realpathSync(entry.resolved)));
  assert(outside.length === 0, `${label} resolved outside the consumer: ${outside.map((e) => `${e.specifier} -> ${e.resolved}`).join(', ')}`);
  const empty = entries.filter((entry) => entry.kind !== 'program' && entry.exported === 0);
  assert(empty.length === 0, `${label}: nothing exported by ${empty.map((entry) => entry.specifier).join(', ')}`);
}

let subpaths = [];

async function esmImports() {
  const names = JSON.stringify(PACKAGES.map((pkg) => pkg.name));
  const result = await runOk('ESM import check', process.execPath, ['checks/esm-check.mjs', names], {
    cwd: consumer,
    env: recordedEnv(),
    timeoutMs: STEP_TIMEOUT_MS,
  });
  subpaths = parseJsonOutput('esm-check', result.stdout);
  assertResolvedInside(subpaths, 'import');
  const kinds = (kind) => subpaths.filter((entry) => entry.kind === kind).length;
  return `${subpaths.length} subpaths: ${kinds('module')} modules imported, ${kinds('json')} JSON files imported, ${kinds('program')} programs resolved`;
}

async function cjsRequires() {
  const result = await runOk('CommonJS require check', process.execPath, ['checks/cjs-check.cjs', JSON.stringify(subpaths)], {
    cwd: consumer,
    env: recordedEnv(),
    timeoutMs: STEP_TIMEOUT_MS,
  });
  const { requireModule, report: required } = parseJsonOutput('cjs-check', result.stdout);
  assert(requireModule, `Node ${process.version} cannot require() ES modules; @skillpack needs Node >= 20.19`);
  assert(required.length === subpaths.length, `required ${required.length} of ${subpaths.length} subpaths`);
  assertResolvedInside(required, 'require');
  return `${required.length} subpaths through require() on Node ${process.version}`;
}

/** TypeScript files tsc read: the consumer's own, or the lib files of the compiler itself. */
function assertTypesFromConsumer(listed) {
  const tscDir = realpathSync(join(repoRoot, 'node_modules'));
  const files = listed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('.ts'));
  const stray = files.filter((file) => {
    if (file.startsWith('bundled:') || isInside(consumer, file)) return false;
    return !(isInside(tscDir, file) && /^lib\.[\w.]*d\.ts$/.test(basename(file)));
  });
  assert(stray.length === 0, `tsc read files from outside the consumer: ${stray.slice(0, 5).join(', ')}`);
  const own = (name) => files.some((file) => file.includes(`/node_modules/${name}/dist/`));
  const missing = PACKAGES.filter((pkg) => !own(pkg.name)).map((pkg) => pkg.name);
  assert(missing.length === 0, `tsc never read the declarations of ${missing.join(', ')}`);
  return files.length;
}

async function typecheck(config) {
  const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
  const result = await runOk(`tsc -p ${config}`, tsc, ['-p', config, '--listFiles'], {
    cwd: consumer,
    env: childEnv(),
    timeoutMs: STEP_TIMEOUT_MS,
  });
  const count = assertTypesFromConsumer(result.stdout);
  return `consumer.ts and ${readmeSnippets(repoRoot).length} README snippets, skipLibCheck off (${count} files)`;
}

async function runSnippets() {
  const lines = [];
  for (const snippet of readmeSnippets(repoRoot)) {
    const file = join('build', snippet.file.replace(/\.ts$/, '.js'));
    const result = await runOk(`README snippet ${snippet.source}:${snippet.line}`, process.execPath, [file], {
      cwd: consumer,
      env: recordedEnv(),
      timeoutMs: STEP_TIMEOUT_MS,
    });
    lines.push(`${snippet.source}:${snippet.line} ran (${result.ms} ms)`);
  }
  assert(lines.length > 0, 'no ```ts snippet found in the READMEs');
  return lines.join('\n');
}

async function cliVersion() {
  const result = await npx(['skillpack', '--version']);
  const expected = tarballs.get('@skillpack/skill-gen').version;
  assert(result.stdout.trim() === expected, `skillpack --version printed ${JSON.stringify(result.stdout.trim())}, expected ${expected}`);
  return `skillpack ${expected}`;
}

async function buildPack() {
  await npx(['skillpack', 'build', '--config', 'pack/skillpack.config.json']);
  const out = join(consumer, 'pack', 'out');
  const manifest = JSON.parse(readFileSync(join(out, 'skillpack.manifest.json'), 'utf8'));
  const paths = manifest.files.map((file) => file.path);
  const expected = [
    'claude-code/.claude/skills/smoke-review/SKILL.md',
    'codex/.agents/skills/smoke-review/SKILL.md',
    'opencode/.opencode/skills/smoke-review/SKILL.md',
    'portable/skills/smoke-review/SKILL.md',
    'claude-code/.claude/skills/smoke-review/references/conflux.acceptance.schema.json',
    'claude-code/plugin/hooks/skillpack-hook.mjs',
  ];
  const missing = expected.filter((path) => !paths.includes(path) || !existsSync(join(out, path)));
  assert(missing.length === 0, `the built pack lacks ${missing.join(', ')}`);
  const referenced = JSON.parse(readFileSync(join(out, expected[4]), 'utf8'));
  const published = JSON.parse(readFileSync(join(consumer, 'node_modules/@skillpack/core/dist/schemas/conflux.acceptance.json'), 'utf8'));
  assert(JSON.stringify(referenced) === JSON.stringify(published), 'the pack schema differs from @skillpack/core/schemas/conflux.acceptance.json');
  await bin(['skillpack', 'check', '--config', 'pack/skillpack.config.json']);
  return `${paths.length} files for ${manifest.targets.join(', ')}; skillpack check clean`;
}

/** The hook file a pack carries runs with plain node in a folder with no node_modules anywhere above. */
async function packHookStandalone() {
  const isolated = join(work, 'isolated-hook');
  mkdirSync(isolated, { recursive: true });
  cpSync(join(consumer, 'pack/out/claude-code/plugin/hooks/skillpack-hook.mjs'), join(isolated, 'skillpack-hook.mjs'));
  const result = await runOk('pack hook bundle', process.execPath, ['skillpack-hook.mjs', 'claude-code', '--contract', 'conflux.acceptance'], {
    cwd: isolated,
    env: recordedEnv(),
    input: stopPayload('claude-code', 'Done, I think.'),
    timeoutMs: STEP_TIMEOUT_MS,
  });
  const decision = parseJsonOutput('pack hook', result.stdout);
  assert(decision.decision === 'block', `the pack's hook did not block a stop without a verdict: ${result.stdout}`);
  return 'blocks a stop without a verdict, with no node_modules';
}

async function parseSamples() {
  const pass = await bin(['skillpack', 'parse', '--contract', 'conflux.acceptance', 'samples/codex-pass.jsonl']);
  const ok = parseJsonOutput('skillpack parse', pass.stdout);
  assert(ok.ok === true && ok.runtime === 'codex' && ok.value?.acceptance === 'pass', `unexpected parse result ${pass.stdout}`);
  const missing = await bin(['skillpack', 'parse', '--contract', 'conflux.acceptance', '-'], {
    input: readFileSync(join(consumer, 'samples/claude-missing.jsonl'), 'utf8'),
    expectStatus: [1],
  });
  const failed = parseJsonOutput('skillpack parse', missing.stdout);
  assert(failed.ok === false && failed.runtime === 'claude-code' && failed.error?.code === 'missing_verdict', `unexpected parse result ${missing.stdout}`);
  return 'codex PASS -> exit 0 {"ok":true}; claude-code without a verdict -> exit 1 missing_verdict';
}

async function stopHook() {
  const lines = [];
  const cases = [
    { runtime: 'claude-code', message: 'All done.', block: true },
    { runtime: 'claude-code', message: 'Checked everything.\n{"acceptance":"pass"}\nACCEPTANCE: PASS', block: false },
    { runtime: 'codex', message: 'Looks fine to me.', block: true },
    { runtime: 'codex', message: '{"acceptance":"pass"}\nACCEPTANCE: PASS', block: false },
  ];
  for (const { runtime, message, block } of cases) {
    const result = await bin(['skillpack-hook', runtime, '--contract', 'conflux.acceptance'], { input: stopPayload(runtime, message) });
    const output = parseJsonOutput('skillpack-hook', result.stdout);
    assert((output.decision === 'block') === block, `${runtime}: expected ${block ? 'a block' : 'no block'}, got ${result.stdout}`);
    if (block) assert(typeof output.reason === 'string' && output.reason.includes('acceptance'), `${runtime}: the reason does not explain the contract: ${output.reason}`);
    lines.push(`${runtime} ${block ? 'blocks a stop without a verdict' : 'lets a PASS stop'}`);
  }
  return lines.join('\n');
}

function resolutionsStayOutside() {
  const entries = readFileSync(resolutionLog, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('file:') || line.startsWith('/'))
    .map((line) => (line.startsWith('file:') ? fileURLToPath(line) : line));
  const intoRepo = [...new Set(entries.filter((path) => isInside(repoRoot, path)))];
  assert(intoRepo.length === 0, `modules resolved into the monorepo: ${intoRepo.slice(0, 5).join(', ')}`);
  const ours = entries.filter((path) => path.includes(`${join('node_modules', '@skillpack')}`));
  assert(ours.length > 0, 'the resolution log holds no @skillpack module: the recorder did not run');
  return `${entries.length} module resolutions recorded, ${ours.length} into the installed @skillpack packages, none into ${repoRoot}`;
}

async function main() {
  console.log(`skillpack packed-tarball smoke test (Node ${process.version}, work dir ${work})`);
  await report.check('node version', () => {
    const [major, minor] = process.versions.node.split('.').map(Number);
    assert(major > 20 || (major === 20 && minor >= 19), `Node ${process.version} is older than 20.19`);
    return `Node ${process.version}`;
  });
  await report.check('npm pack', packAll);
  await report.check('tarball contents', checkContents, { needs: ['npm pack'] });
  await report.check('npm install into a fresh consumer', install, { needs: ['npm pack'] });
  const installed = { needs: ['npm install into a fresh consumer'] };
  await report.check('ESM import of every subpath', esmImports, installed);
  await report.check('CommonJS require() of every subpath', cjsRequires, { needs: ['ESM import of every subpath'] });
  await report.check('tsc, moduleResolution nodenext', () => typecheck('tsconfig.nodenext.json'), installed);
  await report.check('tsc, moduleResolution bundler', () => typecheck('tsconfig.bundler.json'), installed);
  await report.check('README snippets run', runSnippets, { needs: ['tsc, moduleResolution nodenext'] });
  await report.check('npx skillpack --version', cliVersion, installed);
  await report.check('skillpack build + check', buildPack, installed);
  await report.check("the pack's hook runs without node_modules", packHookStandalone, { needs: ['skillpack build + check'] });
  await report.check('skillpack parse', parseSamples, installed);
  await report.check('skillpack-hook on Stop payloads', stopHook, installed);
  await report.check('nothing resolved into the monorepo', resolutionsStayOutside, installed);
  const { passed, failed } = report.summary();
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

const cleanup = () => {
  if (!keep) rmSync(work, { recursive: true, force: true });
};
process.once('SIGINT', () => {
  cleanup();
  process.exit(130);
});
main().then(
  (code) => {
    cleanup();
    if (keep) console.log(`kept ${work}`);
    process.exitCode = code;
  },
  (error) => {
    cleanup();
    console.error(error);
    process.exitCode = 1;
  },
);
