// The user quick start of a README, run verbatim, line by line, from an empty folder. The packed @skillpack/*
// tarballs are published (`npm publish`) to a real npm registry, Verdaccio (e2e/_registry.mjs), on 127.0.0.1, and
// a user npmrc sends only the @skillpack scope there (`@skillpack:registry=`); every other package (zod, …)
// comes from the registry npm uses anyway. `claude` on PATH is the pinned Claude Code of e2e/runtimes.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRegistry } from '../../e2e/_registry.mjs';
import { INSTALL_TIMEOUT_MS } from './context.mjs';
import { assert, describeRun, run, runOk } from './harness.mjs';

/** The marker line before the quick start's ```sh fence. */
export const QUICKSTART_MARKER = '<!-- run-by: scripts/test-pack.mjs -->';

/** The lines of the one ```sh block after the marker in `markdown`: non-empty, comments left to the shell. */
export function quickstartLines(markdown, source) {
  const lines = markdown.replaceAll('\r\n', '\n').split('\n');
  const at = lines.findIndex((line) => line.trim() === QUICKSTART_MARKER);
  assert(at >= 0, `${source} has no ${QUICKSTART_MARKER} block`);
  let open = at + 1;
  while (open < lines.length && lines[open].trim() === '') open++;
  assert(/^```(sh|bash)\s*$/.test(lines[open] ?? ''), `${source}: no \`\`\`sh fence after the marker`);
  const close = lines.findIndex((line, index) => index > open && /^```\s*$/.test(line));
  assert(close > open, `${source}: the quick start block is not closed`);
  const body = lines.slice(open + 1, close).filter((line) => line.trim() !== '' && !/^\s*#/.test(line));
  assert(body.length > 0, `${source}: the quick start block is empty`);
  return body;
}

export async function publishTarballs(ctx, env) {
  for (const packed of ctx.tarballs.values()) {
    await runOk(`npm publish ${packed.filename}`, 'npm', ['publish', packed.path, '--access', 'public'], {
      cwd: ctx.work,
      env,
      timeoutMs: 60_000,
    });
  }
}

/** A PATH entry holding only `claude` (the pinned Claude Code), not the Node 22 beside it in .bin. */
function claudeBinDir(ctx) {
  const claude = join(ctx.repoRoot, 'e2e/runtimes/node_modules/.bin/claude');
  assert(existsSync(claude), `${claude} is missing: link e2e/runtimes/node_modules (see CONTRIBUTING)`);
  const dir = join(ctx.work, 'quickstart-bin');
  mkdirSync(dir, { recursive: true });
  symlinkSync(claude, join(dir, 'claude'));
  return dir;
}

/**
 * Run each line in its own `bash -e` in the folder the previous line left (so `cd my-pack` carries over),
 * and fail at the first line that exits non-zero. Returns the folder the block ended in and each output.
 */
async function runLines(lines, start, env) {
  let cwd = start;
  const outputs = [];
  const cwdFile = join(start, '..', 'quickstart-cwd');
  for (const line of lines) {
    const script = `set -e\n${line}\npwd > ${JSON.stringify(cwdFile)}\n`;
    writeFileSync(cwdFile, '');
    const result = await run('bash', ['-c', script], { cwd, env, timeoutMs: INSTALL_TIMEOUT_MS });
    if (result.timedOut || result.status !== 0)
      throw new Error(describeRun(`the quick start line \`${line}\``, result));
    cwd = readFileSync(cwdFile, 'utf8').trim();
    outputs.push({ line, stdout: result.stdout });
  }
  return { cwd, outputs };
}

/** What the block must have left: the pack installed with its hook, every @skillpack package from the registry. */
function checkOutcome(project, registryUrl) {
  const problems = [];
  const lock = join(project, 'skillpack-lock.json');
  if (!existsSync(lock)) problems.push('no skillpack-lock.json: nothing was installed');
  const settings = join(project, '.claude/settings.json');
  if (!existsSync(settings) || !readFileSync(settings, 'utf8').includes('skillpack-hook.cjs'))
    problems.push('.claude/settings.json has no Stop hook entry');
  const npmLock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
  const skillpack = Object.entries(npmLock.packages ?? {}).filter(([path]) => path.includes('@skillpack/'));
  if (skillpack.length === 0) problems.push('package-lock.json holds no @skillpack package');
  for (const [path, entry] of skillpack) {
    if (!String(entry.resolved ?? '').startsWith(registryUrl))
      problems.push(`${path} resolved from ${entry.resolved}, not from the local registry`);
  }
  return problems;
}

/** Publish the tarballs locally, run `source`'s quick start in an empty folder, check what it left. */
export async function quickstart(ctx, source) {
  const lines = quickstartLines(readFileSync(join(ctx.repoRoot, source), 'utf8'), source);
  const registry = await startRegistry();
  try {
    const npmrc = join(ctx.work, 'quickstart.npmrc');
    writeFileSync(npmrc, registry.npmrc(['@skillpack']));
    // A user's own shell: none of the npm settings `npm run test:pack` exports from this repository's .npmrc
    // (its omit-lockfile-registry-resolved would hide where each package came from).
    const inherited = Object.fromEntries(
      Object.entries(ctx.childEnv()).filter(([key]) => !/^npm_config_/i.test(key)),
    );
    const base = { ...inherited, npm_config_update_notifier: 'false', npm_config_userconfig: npmrc };
    await publishTarballs(ctx, base);
    const env = { ...base, PATH: `${claudeBinDir(ctx)}:${base.PATH}`, DISABLE_TELEMETRY: '1' };
    const empty = join(ctx.work, 'quickstart', 'empty');
    mkdirSync(empty, { recursive: true });
    const { cwd } = await runLines(lines, empty, env);
    const problems = checkOutcome(cwd, registry.url);
    assert(problems.length === 0, problems.join('\n'));
    return `${lines.length} lines of ${source} ran as written in ${empty}; the pack is installed in ${cwd}`;
  } finally {
    await registry.close();
  }
}
