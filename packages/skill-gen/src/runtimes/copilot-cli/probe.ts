// Doctor for GitHub Copilot CLI (1.0.102): the skills `copilot skill list --json` lists, the pack's
// `agentStop` hook file, and whether Copilot will load it at all (project hooks need folder trust, which
// `trustedFolders` in `$COPILOT_HOME/config.json` records; a trusted-for-one-session folder does not count).
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { installedSkills, type RuntimeProbe, skillChecks } from '../../doctor/probe-kit.js';
import type { DoctorCheck, PackDiagnosis } from '../../doctor/report.js';
import { runRuntime } from '../../doctor/run-runtime.js';
import type { LockedInstall } from '../../install/lock-file.js';
import { splitCopilotConfig } from './trust.js';

/** The Copilot home: `COPILOT_HOME`, else `~/.copilot`. */
export function copilotHome(env: NodeJS.ProcessEnv): string {
  return env.COPILOT_HOME && env.COPILOT_HOME !== ''
    ? env.COPILOT_HOME
    : join(env.HOME ?? homedir(), '.copilot');
}

/** The folders `trustedFolders` lists, `undefined` when the config is missing or unreadable. */
export async function trustedFolders(env: NodeJS.ProcessEnv): Promise<string[] | undefined> {
  const text = await readFile(join(copilotHome(env), 'config.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const config = JSON.parse(splitCopilotConfig(text).body) as { trustedFolders?: unknown };
    return Array.isArray(config.trustedFolders)
      ? config.trustedFolders.filter((folder): folder is string => typeof folder === 'string')
      : [];
  } catch {
    return undefined;
  }
}

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether Copilot trusts `folder` for good (listed in `trustedFolders`, or below a listed folder). */
export async function isTrustedFolder(folder: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const listed = (await trustedFolders(env)) ?? [];
  const target = canonical(folder);
  return listed.some((entry) => {
    const trusted = canonical(entry);
    return target === trusted || target.startsWith(`${trusted}/`);
  });
}

/** The step that makes Copilot load a project's hooks. */
export function copilotTrustDetail(folder: string): string {
  return `not trusted: Copilot skips a project's hooks silently until the folder is trusted; add ${JSON.stringify(folder)} to "trustedFolders" in ~/.copilot/config.json (or reinstall with --activate), or run copilot with --trust-folder`;
}

const HOOK_FILE = /^\.(?:github|copilot)\/hooks\/[^/]+\.json$/;

/** The listing environment: offline, no auto-update (the listing needs no model or account). */
const offline = (env: NodeJS.ProcessEnv) => ({
  ...env,
  COPILOT_OFFLINE: 'true',
  COPILOT_AUTO_UPDATE: 'false',
});

export async function probeCopilotCli(
  install: LockedInstall,
  context: { root: string; cwd: string; env: NodeJS.ProcessEnv; binDir?: string | undefined },
  skillChecks: (
    skills: readonly string[],
    loaded: ReadonlySet<string> | string,
    how: string,
  ) => DoctorCheck[],
  skills: readonly string[],
): Promise<PackDiagnosis> {
  const listing = await runRuntime('copilot', ['skill', 'list', '--json'], {
    cwd: context.cwd,
    env: offline(context.env),
    binDir: context.binDir,
  });
  let loaded: Set<string> | string;
  if (listing.kind === 'missing') loaded = `${listing.message}; install the CLI or pass --bin-dir`;
  else {
    try {
      const listed = JSON.parse(listing.stdout) as { name?: unknown; enabled?: unknown }[];
      loaded = new Set(listed.filter((skill) => skill.enabled !== false).map((skill) => String(skill.name)));
    } catch {
      loaded = `\`copilot skill list --json\` printed no JSON list: ${listing.stderr.trim().slice(0, 300)}`;
    }
  }
  const checks = skillChecks(skills, loaded, '`copilot skill list --json`');
  for (const file of install.files.map((entry) => entry.path).filter((path) => HOOK_FILE.test(path))) {
    if (!existsSync(join(context.root, file)))
      checks.push({
        kind: 'hook',
        name: file,
        status: 'missing',
        detail: 'the hook file the install wrote is gone',
      });
    else if (install.scope === 'project' && !(await isTrustedFolder(context.cwd, context.env)))
      checks.push({ kind: 'hook', name: file, status: 'inactive', detail: copilotTrustDetail(context.cwd) });
    else
      checks.push({
        kind: 'hook',
        name: file,
        status: 'active',
        detail: install.scope === 'project' ? 'in a trusted folder' : 'a user hook (no trust needed)',
      });
  }
  return {
    runtime: 'copilot-cli',
    scope: install.scope,
    pack: install.pack,
    commands: ['copilot skill list --json'],
    checks,
  };
}

/**
 * For a proof in a throwaway copy of a trusted project: the copy is trusted the same way, in the run's own
 * Copilot home (`.copilot/config.json` staged for `copyIntoHome`). An untrusted original is not proved: its
 * hooks would not run for the user either.
 */
export async function stageCopilotTrust(copy: string, stage: string) {
  const dir = join(stage, '.copilot');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'config.json'),
    `${JSON.stringify({ trustedFolders: [canonical(copy)] }, null, 2)}\n`,
  );
  return [{ from: dir, to: '.copilot' }];
}

/** Copilot CLI's doctor probe. */
export const copilotCliProbe: RuntimeProbe = (install, context) =>
  probeCopilotCli(install, context, skillChecks, installedSkills(install));
