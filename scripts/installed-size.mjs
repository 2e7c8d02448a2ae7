// The installed size of the `skillpack` CLI: `npm i -D @skillpack/skill-gen` into an empty project, the
// @skillpack tarballs served by a local Verdaccio (e2e/_registry.mjs) (every other package from the
// registry npm uses anyway), measured as the bytes of the files under node_modules. Used by
// bench/install-size.bench.mjs (beside the anchors' CLIs) and `npm run test:pack` (the goal).
// `node scripts/installed-size.mjs` prints the figure and the largest packages.
import { execFile } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startRegistry } from '../e2e/_registry.mjs';

/** Issue #41's goal for `npm i -D @skillpack/skill-gen`. */
export const INSTALLED_SIZE_GOAL_BYTES = 20 * 1000 * 1000;

/** The packages `npm i -D @skillpack/skill-gen` may fetch from the local registry. */
const PUBLISHED = ['core', 'adapters', 'host', 'testing', 'skill-gen'];

/** Bytes of every file under `dir` (symbolic links count as themselves). */
export function treeBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? treeBytes(path) : lstatSync(path).size;
  }
  return total;
}

/** Each installed package of `node_modules` (scoped ones by their full name) with its bytes, largest first. */
export function packageSizes(nodeModules) {
  const rows = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.bin') continue;
    const path = join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of readdirSync(path, { withFileTypes: true }))
        if (scoped.isDirectory())
          rows.push({ name: `${entry.name}/${scoped.name}`, bytes: treeBytes(join(path, scoped.name)) });
    } else if (!entry.name.startsWith('.')) rows.push({ name: entry.name, bytes: treeBytes(path) });
  }
  return rows.sort((a, b) => b.bytes - a.bytes);
}

/** An environment for npm children: the user's npmrc replaced by `npmrc`, no npm script variables. */
function npmEnv(npmrc) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || key === 'INIT_CWD' || key === 'NODE_OPTIONS') continue;
    env[key] = value;
  }
  return {
    ...env,
    npm_config_userconfig: npmrc,
    npm_config_update_notifier: 'false',
    NO_UPDATE_NOTIFIER: '1',
  };
}

// Asynchronous: the local registry answers from this very process.
const npm = async (args, options) =>
  (
    await promisify(execFile)('npm', args, {
      encoding: 'utf8',
      timeout: 600_000,
      maxBuffer: 64 << 20,
      ...options,
    })
  ).stdout;

/** `npm i -D <specs>` into a fresh project below `work`; returns the bytes of its node_modules. */
export async function installedBytes(work, name, specs, env) {
  const project = join(work, name);
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name, private: true, type: 'module' })}\n`,
  );
  await npm(['install', '--save-dev', '--no-audit', '--no-fund', ...specs], { cwd: project, env });
  const nodeModules = join(project, 'node_modules');
  return { project, bytes: treeBytes(nodeModules), packages: packageSizes(nodeModules) };
}

/**
 * Pack the built packages, publish them to a local registry and install `@skillpack/skill-gen` from it into
 * a fresh project. `anchors` (npm specs such as `skills@1.7.4`) are installed the same way, each on its own.
 */
export async function measureInstalledSize({ repoRoot, anchors = [], withPeers = false, keep = false } = {}) {
  const root = repoRoot ?? realpathSync(fileURLToPath(new URL('..', import.meta.url)));
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'skillpack-installed-size-')));
  const registry = await startRegistry();
  try {
    const npmrc = join(work, 'npmrc');
    writeFileSync(npmrc, registry.npmrc(['@skillpack']));
    const env = npmEnv(npmrc);
    const tarballs = join(work, 'tarballs');
    mkdirSync(tarballs);
    for (const dir of PUBLISHED) {
      const cwd = join(root, 'packages', dir);
      const [packed] = JSON.parse(
        await npm(['pack', '--json', '--pack-destination', tarballs], { cwd, env }),
      );
      await npm(['publish', join(tarballs, packed.filename), '--access', 'public'], { cwd: work, env });
    }
    const skillGen = await installedBytes(work, 'skill-gen', ['@skillpack/skill-gen'], env);
    const peers = ['@skillpack/testing', 'esbuild@0.28.2', 'ts-morph@^28.0.0'];
    const full = withPeers
      ? await installedBytes(work, 'skill-gen-with-peers', ['@skillpack/skill-gen', ...peers], env)
      : undefined;
    const others = [];
    for (const spec of anchors) {
      try {
        others.push({ spec, ...(await installedBytes(work, `anchor-${others.length}`, [spec], env)) });
      } catch (error) {
        others.push({
          spec,
          error: String(error.stderr ?? error.message)
            .trim()
            .split('\n')
            .slice(-1)[0],
        });
      }
    }
    return { work, skillGen, withPeers: full, anchors: others };
  } finally {
    await registry.close();
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

export const megabytes = (bytes) => Number((bytes / 1e6).toFixed(1));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { skillGen } = await measureInstalledSize();
  console.log(
    `npm i -D @skillpack/skill-gen: ${megabytes(skillGen.bytes)} MB in node_modules (goal ≤ 20 MB)`,
  );
  for (const row of skillGen.packages.slice(0, 15))
    console.log(`  ${String(megabytes(row.bytes)).padStart(6)} MB  ${row.name}`);
}
