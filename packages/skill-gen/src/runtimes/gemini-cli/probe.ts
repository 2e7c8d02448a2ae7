// Gemini CLI 0.61: `gemini skills list` lists the skills it discovers (project skills only in a trusted
// folder), offline, without a model call. Its hooks have no listing command, so doctor reads what the install
// wired (the AfterAgent entries in `.gemini/settings.json`) and whether the folder is trusted (headless Gemini
// runs nothing in an untrusted folder, exit 55).
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { DoctorCheck, PackDiagnosis } from '../../doctor/report.js';
import { runRuntime } from '../../doctor/run-runtime.js';
import type { LockedInstall } from '../../install/lock-file.js';
import { geminiFolderTrust, geminiTrustedFoldersFile, parseTrustedFolders } from './trust.js';

export interface GeminiProbeContext {
  readonly root: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly binDir?: string | undefined;
}

/** The skill names `gemini skills list` prints (`<name> [Enabled]`); disabled ones are not loaded. */
export function geminiListedSkills(stdout: string): Set<string> {
  const names = new Set<string>();
  for (const line of stdout.split('\n')) {
    const match = /^(\S+) \[Enabled\]\s*$/.exec(line.trimEnd());
    if (match) names.add(match[1]!);
  }
  return names;
}

/** Whether Gemini CLI trusts `folder` for a headless run with this environment, and why. */
export async function geminiTrustOf(
  folder: string,
  env: NodeJS.ProcessEnv,
): Promise<{ readonly trusted: boolean; readonly detail: string }> {
  if (env.GEMINI_CLI_TRUST_WORKSPACE === 'true')
    return { trusted: true, detail: 'GEMINI_CLI_TRUST_WORKSPACE=true trusts every folder' };
  if (env.GEMINI_CLI_TRUST_WORKSPACE === 'false')
    return { trusted: false, detail: 'GEMINI_CLI_TRUST_WORKSPACE=false distrusts every folder' };
  const file = geminiTrustedFoldersFile(env.HOME || homedir(), env);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const rules = parseTrustedFolders(text, file);
  if (!rules.success) return { trusted: false, detail: rules.error.message };
  const trust = geminiFolderTrust(rules.data, folder);
  if (trust === true) return { trusted: true, detail: `trusted in ${file}` };
  return {
    trusted: false,
    detail:
      trust === false
        ? `${folder} is distrusted (DO_NOT_TRUST) in ${file}: Gemini CLI exits 55 there headless and runs no project hook`
        : `${folder} is not trusted: Gemini CLI exits 55 there headless and runs no project hook; add ${JSON.stringify({ [folder]: 'TRUST_FOLDER' })} to ${file} (or reinstall with --activate)`,
  };
}

function installedSkills(install: LockedInstall): string[] {
  return install.files
    .map((file) => /(?:^|\/)skills\/([^/]+)\/SKILL\.md$/.exec(file.path)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

/** The hook entries the install recorded still in the settings file (by the program they run). */
async function hookCheck(
  install: LockedInstall,
  context: GeminiProbeContext,
): Promise<DoctorCheck | undefined> {
  const config = install.hookConfig;
  if (!config) return undefined;
  const program = install.files.map((file) => file.path).find((path) => /\/skillpack-hook\.cjs$/.test(path));
  const name = `AfterAgent hook in ${config.file}`;
  const text = await readFile(join(context.root, config.file), 'utf8').catch(() => undefined);
  if (text === undefined || program === undefined || !text.includes(program)) {
    return {
      kind: 'hook',
      name,
      status: 'inactive',
      detail: `${config.file} no longer runs ${program ?? 'the hook program'}`,
    };
  }
  if (install.scope === 'user') {
    return {
      kind: 'hook',
      name,
      status: 'active',
      detail: 'user settings hooks run in every trusted folder',
    };
  }
  const trust = await geminiTrustOf(context.cwd, context.env);
  return { kind: 'hook', name, status: trust.trusted ? 'active' : 'inactive', detail: trust.detail };
}

/** Ask Gemini CLI which of the pack's skills it loads, and check the pack's hook wiring and the folder's trust. */
export async function probeGeminiCli(
  install: LockedInstall,
  context: GeminiProbeContext,
): Promise<PackDiagnosis> {
  const skills = installedSkills(install);
  // Listed as if trusted: whether the skills load is one question, whether the folder is trusted another.
  const listing = await runRuntime('gemini', ['skills', 'list'], {
    ...context,
    env: { ...context.env, GEMINI_CLI_TRUST_WORKSPACE: 'true', NO_COLOR: '1' },
    timeoutMs: 60_000,
  });
  const checks: DoctorCheck[] = [];
  if (listing.kind === 'missing') {
    for (const name of skills)
      checks.push({
        kind: 'skill',
        name,
        status: 'unchecked',
        detail: `${listing.message}; install the CLI or pass --bin-dir`,
      });
  } else {
    const listed = geminiListedSkills(listing.stdout);
    for (const name of skills)
      checks.push(
        listed.has(name)
          ? { kind: 'skill', name, status: 'loaded', detail: 'listed (enabled) by `gemini skills list`' }
          : {
              kind: 'skill',
              name,
              status: 'missing',
              detail: 'not listed as enabled by `gemini skills list`',
            },
      );
  }
  const hook = await hookCheck(install, context);
  if (hook) checks.push(hook);
  return {
    runtime: 'gemini-cli',
    scope: install.scope,
    pack: install.pack,
    commands: ['gemini skills list', 'trustedFolders.json'],
    checks,
  };
}
