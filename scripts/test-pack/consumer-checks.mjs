// Use the installed packages from the consumer: import, require, typecheck, README snippets, resolutions.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGES, STEP_TIMEOUT_MS } from './context.mjs';
import { assert, isInside, parseJsonOutput, runOk } from './harness.mjs';
import { readmeSnippets, TSX_README_FILES } from './readme-snippets.mjs';

function assertResolvedInside(ctx, entries, label) {
  const root = realpathSync(join(ctx.consumer, 'node_modules'));
  const outside = entries.filter((entry) => !isInside(root, realpathSync(entry.resolved)));
  const listed = outside.map((entry) => `${entry.specifier} -> ${entry.resolved}`).join(', ');
  assert(outside.length === 0, `${label} resolved outside the consumer: ${listed}`);
  const empty = entries.filter((entry) => entry.kind !== 'program' && entry.exported === 0);
  assert(
    empty.length === 0,
    `${label}: nothing exported by ${empty.map((entry) => entry.specifier).join(', ')}`,
  );
}

/** `import` every subpath of every package (JSON with import attributes; programs are only resolved). */
export async function esmImports(ctx) {
  const names = JSON.stringify(PACKAGES.map((pkg) => pkg.name));
  const result = await ctx.node('ESM import check', ['checks/esm-check.mjs', names]);
  ctx.subpaths = parseJsonOutput('esm-check', result.stdout);
  assertResolvedInside(ctx, ctx.subpaths, 'import');
  const count = (kind) => ctx.subpaths.filter((entry) => entry.kind === kind).length;
  return `${ctx.subpaths.length} subpaths: ${count('module')} modules imported, ${count('json')} JSON files imported, ${count('program')} programs resolved`;
}

/** `require()` the same subpaths from CommonJS. */
export async function cjsRequires(ctx) {
  const result = await ctx.node('CommonJS require check', [
    'checks/cjs-check.cjs',
    JSON.stringify(ctx.subpaths),
  ]);
  const { requireModule, report } = parseJsonOutput('cjs-check', result.stdout);
  assert(
    requireModule,
    `Node ${process.version} cannot require() ES modules; @skillpack needs Node >= 20.19`,
  );
  assert(
    report.length === ctx.subpaths.length,
    `required ${report.length} of ${ctx.subpaths.length} subpaths`,
  );
  assertResolvedInside(ctx, report, 'require');
  return `${report.length} subpaths through require() on Node ${process.version}`;
}

/** Every file tsc read is the consumer's own, or a lib file of the compiler itself; ours were among them. */
function assertTypesFromConsumer(ctx, listed) {
  const compilerDir = realpathSync(join(ctx.repoRoot, 'node_modules'));
  const files = listed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('.ts'));
  const stray = files.filter((file) => {
    if (file.startsWith('bundled:') || isInside(ctx.consumer, file)) return false;
    return !(isInside(compilerDir, file) && /^lib\.[\w.]*d\.ts$/.test(basename(file)));
  });
  assert(stray.length === 0, `tsc read files from outside the consumer: ${stray.slice(0, 5).join(', ')}`);
  const missing = PACKAGES.filter(
    (pkg) => !files.some((file) => file.includes(`/node_modules/${pkg.name}/dist/`)),
  );
  assert(
    missing.length === 0,
    `tsc never read the declarations of ${missing.map((pkg) => pkg.name).join(', ')}`,
  );
  return files.length;
}

/** The repository's TypeScript 7 `tsc` over the consumer (skipLibCheck off), with `--listFiles`. */
export async function typecheck(ctx, config) {
  const tsc = join(ctx.repoRoot, 'node_modules', '.bin', 'tsc');
  const result = await runOk(`tsc -p ${config}`, tsc, ['-p', config, '--listFiles'], {
    cwd: ctx.consumer,
    env: ctx.childEnv(),
    timeoutMs: STEP_TIMEOUT_MS,
  });
  const count = assertTypesFromConsumer(ctx, result.stdout);
  return `consumer.ts and ${readmeSnippets(ctx.repoRoot).length} README snippets, skipLibCheck off (${count} files)`;
}

/** The pinned runtime CLIs `npm run test:runtimes` installs, which @skillpack/testing's examples drive. */
const RUNTIME_CLIS = ['claude', 'codex', 'opencode'];

/**
 * The environment of a snippet: @skillpack/testing's examples run the real CLIs, found on PATH, so
 * e2e/runtimes/node_modules/.bin goes first on it; without those CLIs the snippets cannot run.
 */
function snippetEnv(ctx, snippet) {
  if (snippet.source !== 'packages/testing/README.md') return {};
  const bin = join(ctx.repoRoot, 'e2e/runtimes/node_modules/.bin');
  const missing = RUNTIME_CLIS.filter((name) => !existsSync(join(bin, name)));
  assert(
    missing.length === 0,
    `${snippet.source}:${snippet.line} drives the real CLIs, and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in ${bin}: run \`npm run test:runtimes\` once to install the pinned CLIs`,
  );
  return { PATH: `${bin}${delimiter}${ctx.childEnv().PATH}` };
}

/** Run each README snippet as compiled by the nodenext typecheck; a failed `assert` fails the check. */
export async function runSnippets(ctx) {
  const lines = [];
  for (const snippet of readmeSnippets(ctx.repoRoot)) {
    const file = join('build', snippet.file.replace(/\.ts$/, '.js'));
    const result = await ctx.node(`README snippet ${snippet.source}:${snippet.line}`, [file], {
      env: ctx.recordedEnv(snippetEnv(ctx, snippet)),
    });
    lines.push(`${snippet.source}:${snippet.line} ran (${result.ms} ms)`);
  }
  assert(lines.length > 0, 'no ```ts snippet found in the READMEs');
  return lines.join('\n');
}

/**
 * Run the snippets of the READMEs that say "run with tsx" from their TypeScript source with the consumer's
 * tsx, as a user following the text would (`npx tsx example.ts`): `await using` and all.
 */
export async function runSnippetsWithTsx(ctx) {
  const lines = [];
  for (const snippet of readmeSnippets(ctx.repoRoot)) {
    if (!TSX_README_FILES.includes(snippet.source)) continue;
    const result = await ctx.bin(['tsx', join('src', snippet.file)], {
      env: ctx.recordedEnv(snippetEnv(ctx, snippet)),
    });
    lines.push(`${snippet.source}:${snippet.line} ran with tsx (${result.ms} ms)`);
  }
  assert(lines.length > 0, `no \`\`\`ts snippet found in ${TSX_README_FILES.join(', ')}`);
  return lines.join('\n');
}

/** Every module any check's Node process resolved (the resolution log) stayed outside the monorepo. */
export function resolutionsStayOutside(ctx) {
  const entries = readFileSync(ctx.resolutionLog, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('file:') || line.startsWith('/'))
    .map((line) => (line.startsWith('file:') ? fileURLToPath(line) : line));
  const intoRepo = [...new Set(entries.filter((path) => isInside(ctx.repoRoot, path)))];
  assert(intoRepo.length === 0, `modules resolved into the monorepo: ${intoRepo.slice(0, 5).join(', ')}`);
  const ours = entries.filter((path) => path.includes(join('node_modules', '@skillpack')));
  assert(ours.length > 0, 'the resolution log holds no @skillpack module: the recorder did not run');
  return `${entries.length} module resolutions recorded, ${ours.length} into the installed @skillpack packages, none into ${ctx.repoRoot}`;
}
