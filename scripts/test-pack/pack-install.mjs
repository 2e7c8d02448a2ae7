// Pack the packages, check what the tarballs hold, and install them into the fresh consumer.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { consumerFiles } from './consumer-files.mjs';
import { INSTALL_TIMEOUT_MS, PACKAGES, STEP_TIMEOUT_MS } from './context.mjs';
import { assert, isInside, parseJsonOutput, runOk } from './harness.mjs';
import { publishedFileProblems, REQUIRED_PATHS } from './published-files.mjs';
import { readmeSnippets, TSX_SPEC } from './readme-snippets.mjs';

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** `npm pack` each package; returns the size table (files, packed and unpacked size). */
export async function packAll(ctx) {
  mkdirSync(ctx.tarballDir, { recursive: true });
  const rows = [];
  for (const pkg of PACKAGES) {
    const packageDir = join(ctx.repoRoot, 'packages', pkg.dir);
    assert(existsSync(join(packageDir, 'dist')), `${pkg.name} has no dist/: build every package first`);
    const args = ['pack', '--json', '--pack-destination', ctx.tarballDir];
    const result = await runOk(`npm pack (${pkg.name})`, 'npm', args, {
      cwd: packageDir,
      env: ctx.childEnv(),
      timeoutMs: STEP_TIMEOUT_MS,
    });
    const [packed] = parseJsonOutput('npm pack --json', result.stdout);
    ctx.tarballs.set(pkg.name, { ...packed, path: join(ctx.tarballDir, packed.filename) });
    const files = `${String(packed.entryCount).padStart(5)} files`;
    rows.push(
      `${pkg.name.padEnd(22)} ${files}  ${kib(packed.size).padStart(11)} packed  ${kib(packed.unpackedSize).padStart(11)} unpacked`,
    );
  }
  return rows.join('\n');
}

export function checkContents(ctx) {
  const problems = [];
  const license = readFileSync(join(ctx.repoRoot, 'LICENSE'), 'utf8');
  for (const [name, packed] of ctx.tarballs) {
    const packageDir = join(ctx.repoRoot, 'packages', PACKAGES.find((pkg) => pkg.name === name).dir);
    const paths = packed.files.map((file) => file.path);
    problems.push(...publishedFileProblems(name, paths, packageDir));
    const packageLicense = join(packageDir, 'LICENSE');
    if (existsSync(packageLicense) && readFileSync(packageLicense, 'utf8') !== license) {
      problems.push(`${name}: LICENSE differs from the repository's LICENSE`);
    }
  }
  assert(problems.length === 0, problems.join('\n'));
  const required = Object.values(REQUIRED_PATHS).flat().length;
  return `no tests, fixtures, sources, source maps, build info or snapshots; ${required} required files present`;
}

function writeConsumer(ctx) {
  for (const [path, content] of Object.entries(consumerFiles())) {
    mkdirSync(dirname(join(ctx.consumer, path)), { recursive: true });
    writeFileSync(join(ctx.consumer, path), content);
  }
  for (const snippet of readmeSnippets(ctx.repoRoot)) {
    writeFileSync(join(ctx.consumer, 'src', snippet.file), snippet.code);
  }
  writeFileSync(ctx.resolutionLog, '');
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
      if (depth > 0 && dir.includes(join('node_modules', '@skillpack')))
        found.push(`a nested copy at ${dir}`);
      found.push(...nestedSkillpackCopies(join(dir, 'node_modules'), depth + 1));
    }
  }
  return found;
}

/** The version of a tool the repository itself installed (zod, @types/node), for a reproducible consumer. */
function repoVersionOf(ctx, name) {
  return JSON.parse(readFileSync(join(ctx.repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
}

async function installProblems(ctx) {
  const problems = [];
  for (const pkg of PACKAGES) {
    const installed = join(ctx.consumer, 'node_modules', pkg.name);
    if (!existsSync(installed)) problems.push(`${pkg.name} is not installed`);
    else if (lstatSync(installed).isSymbolicLink())
      problems.push(`${pkg.name} is a link, not an installed copy`);
  }
  for (const entry of readdirSync(join(ctx.consumer, 'node_modules', '@skillpack'))) {
    if (!PACKAGES.some((pkg) => pkg.name === `@skillpack/${entry}`))
      problems.push(`unexpected @skillpack/${entry}`);
  }
  problems.push(...nestedSkillpackCopies(join(ctx.consumer, 'node_modules')));
  const lock = JSON.parse(readFileSync(join(ctx.consumer, 'package-lock.json'), 'utf8'));
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path.includes('@skillpack/') && !String(entry.resolved ?? '').startsWith('file:')) {
      problems.push(`${path} resolved from ${entry.resolved ?? 'the registry'}, not from a tarball`);
    }
  }
  const ls = await runOk('npm ls', 'npm', ['ls', '--all', '--json'], {
    cwd: ctx.consumer,
    env: ctx.childEnv(),
    timeoutMs: STEP_TIMEOUT_MS,
    expectStatus: [0, 1],
  });
  if (ls.status !== 0) {
    const tree = parseJsonOutput('npm ls --json', ls.stdout);
    problems.push(
      `npm ls reports problems: ${JSON.stringify(tree.problems ?? tree.error ?? tree).slice(0, 600)}`,
    );
  }
  return problems;
}

/** `npm install` the tarballs (plus zod, @types/node and tsx) into the consumer, then prove what got installed. */
export async function install(ctx) {
  writeConsumer(ctx);
  assert(
    !isInside(ctx.repoRoot, ctx.consumer),
    `the consumer ${ctx.consumer} must be outside the repository`,
  );
  const specs = [...ctx.tarballs.values()].map((packed) => packed.path);
  specs.push(
    `zod@${repoVersionOf(ctx, 'zod')}`,
    `@types/node@${repoVersionOf(ctx, '@types/node')}`,
    TSX_SPEC,
  );
  // The optional peer of @skillpack/host/otel, so that subpath can be imported like the others.
  specs.push(`@opentelemetry/api@${repoVersionOf(ctx, '@opentelemetry/api')}`);
  // The optional peers of @skillpack/skill-gen that building a pack with a hook or contract modules of its own
  // needs (the "installed size" check measures the CLI without them).
  specs.push(`esbuild@${repoVersionOf(ctx, 'esbuild')}`, `ts-morph@${repoVersionOf(ctx, 'ts-morph')}`);
  // The optional peer of @skillpack/adapters/mcp-server and of building a pack with a tool-delivered contract
  // (its MCP submit server is bundled from the official SDK).
  specs.push(`@modelcontextprotocol/sdk@${repoVersionOf(ctx, '@modelcontextprotocol/sdk')}`);
  const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--install-links=false', ...specs];
  const result = await runOk('npm install', 'npm', args, {
    cwd: ctx.consumer,
    env: ctx.childEnv(),
    timeoutMs: INSTALL_TIMEOUT_MS,
  });
  const problems = await installProblems(ctx);
  assert(problems.length === 0, problems.join('\n'));
  const added = /added (\d+) packages?/.exec(result.stdout)?.[1] ?? '?';
  return `${added} packages into ${ctx.consumer}; one copy of each @skillpack package, all from the tarballs; peers satisfied`;
}
