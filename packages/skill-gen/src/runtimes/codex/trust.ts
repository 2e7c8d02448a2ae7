// Codex 0.169 runs a hook from hooks.json only once it is trusted, and skips it silently otherwise. After an
// install that wired a hook, ask Codex (`codex app-server` `hooks/list`) for the hook's key and hash so the
// output can show the exact config.toml lines, and with `--trust-codex-hooks` record them (trust-journal.ts),
// then ask Codex again whether it trusts the hook now.
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import {
  type CodexHookListing,
  codexTrustToml,
  isCodexHookTrusted,
  listCodexHooks,
  openCodexAppServer,
  trustCodexProject,
} from '@skillpack/adapters/codex';
import { cliCommand } from '../../cli/invocation.js';
import type { InstallScope } from '../../install/layout.js';
import { CODEX_HOOK_CONFIG } from './hooks.js';
import type { CodexTrustRequest } from './trust-grants.js';
import { recordCodexTrust } from './trust-journal.js';

export interface CodexHookTrust {
  /** The hook configuration file skillpack edited. */
  readonly hookFile: string;
  /** The installed hook program every skillpack hook command runs. */
  readonly program: string;
  /** Where Codex keeps trust: `$CODEX_HOME/config.toml`. */
  readonly configFile: string;
  /** The `codex` asked, or undefined when none was found. */
  readonly codex?: string;
  /** skillpack's hooks as Codex lists them (empty when Codex was not asked or could not answer). */
  readonly hooks: readonly Pick<CodexHookListing, 'key' | 'currentHash' | 'trustStatus'>[];
  /** Whether every listed hook is trusted now. */
  readonly trusted: boolean;
  /** Whether this run recorded trust in config.toml (`--trust-codex-hooks`); uninstall takes it out. */
  readonly recorded: boolean;
  /** The config.toml lines that trust the hooks (and the project, in the project scope), when known. */
  readonly configToml?: string;
  /** Why Codex could not be asked. */
  readonly problem?: string;
  /** User scope with a `CODEX_HOME` elsewhere: Codex reads another hooks.json than the one installed. */
  readonly codexHomeElsewhere?: string;
}

export interface CodexHookTrustOptions {
  readonly scope: InstallScope;
  /** The scope root the install wrote into. */
  readonly root: string;
  /** The installed pack, whose uninstall takes out the trust this records. */
  readonly pack: string;
  /** The project Codex is asked about (the working directory for user-scope installs). */
  readonly project: string;
  /** The installed hook program's absolute path (as in the hook command). */
  readonly program: string;
  /** `--codex <path>`; otherwise `codex` is looked up on PATH. */
  readonly codex?: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** `--trust-codex-hooks`: record project and hook trust in config.toml. */
  readonly trust: boolean;
}

async function findOnPath(name: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
}

export const codexHomeOf = (env: NodeJS.ProcessEnv) =>
  resolve(env.CODEX_HOME || join(env.HOME || homedir(), '.codex'));

/** Ask Codex about skillpack's installed hook, and (only when `trust`) record its trust. Never throws. */
export async function codexHookTrust(options: CodexHookTrustOptions): Promise<CodexHookTrust> {
  const base = {
    hookFile: join(options.root, CODEX_HOOK_CONFIG),
    program: options.program,
    configFile: join(codexHomeOf(options.env), 'config.toml'),
    ...(options.scope === 'user' && codexHomeOf(options.env) !== resolve(options.root, '.codex')
      ? { codexHomeElsewhere: codexHomeOf(options.env) }
      : {}),
  };
  const codex =
    options.codex === undefined
      ? await findOnPath('codex', options.env)
      : isAbsolute(options.codex)
        ? options.codex
        : resolve(options.cwd, options.codex);
  // In the project scope the project must be trusted too; those lines are known without asking Codex.
  const projectToml = options.scope === 'project' ? { configToml: codexTrustToml(options.project, []) } : {};
  const unasked = (problem: string) => ({
    ...base,
    hooks: [],
    trusted: false,
    recorded: false,
    problem,
    ...projectToml,
  });
  if (codex === undefined) return unasked('no `codex` was found on PATH (pass --codex <path>)');
  try {
    const project = options.scope === 'project' ? options.project : undefined;
    let hooks = await listMine(codex, options);
    // Listed only from a scratch CODEX_HOME: the project itself is not trusted yet.
    const untrustedProject = hooks.length === 0 && project !== undefined;
    if (untrustedProject) hooks = await listInScratchHome(codex, project, options);
    const untrusted = hooks.filter((hook) => !isCodexHookTrusted(hook));
    let recorded = false;
    let left: string[] = [];
    if (options.trust && (untrustedProject || untrusted.length > 0) && hooks.length > 0) {
      const requests: CodexTrustRequest[] = [
        ...(untrustedProject ? [{ kind: 'project' as const, key: project }] : []),
        ...untrusted.map((hook) => ({ kind: 'hook' as const, key: hook.key, hash: hook.currentHash })),
      ];
      const recording = await recordCodexTrust(base.configFile, requests, {
        root: options.root,
        pack: options.pack,
      });
      recorded = recording.added.length > 0;
      left = recording.left;
      // What Codex itself reads now is the answer.
      hooks = await listMine(codex, options);
    }
    if (hooks.length === 0) {
      return {
        ...unasked(
          [
            'Codex lists none of the installed hooks (in the project scope, is the project trusted?)',
            ...left,
          ].join('; '),
        ),
        codex,
        recorded,
      };
    }
    const stillUntrusted = hooks.filter((hook) => !isCodexHookTrusted(hook));
    return {
      ...base,
      codex,
      hooks: hooks.map(({ key, currentHash, trustStatus }) => ({ key, currentHash, trustStatus })),
      trusted: stillUntrusted.length === 0,
      recorded,
      configToml: codexTrustToml(untrustedProject && !recorded ? project : undefined, stillUntrusted),
      ...(left.length > 0 ? { problem: left.join('; ') } : {}),
    };
  } catch (error) {
    return { ...unasked((error as Error).message), codex };
  }
}

/** The hooks Codex lists for the project that run the installed program. */
async function listMine(codex: string, options: CodexHookTrustOptions): Promise<CodexHookListing[]> {
  const server = await openCodexAppServer({ codex, cwd: options.project, env: options.env });
  try {
    return (await listCodexHooks(server, [options.project])).filter((hook) =>
      hook.command.includes(options.program),
    );
  } finally {
    server.close();
  }
}

/**
 * Codex lists a project's hooks only once the project is trusted. To show the exact lines without trusting
 * anything, ask a Codex whose CODEX_HOME is a scratch folder (deleted after) where only the project is trusted:
 * the key and hash depend on the hook file and its entry, not on CODEX_HOME.
 */
async function listInScratchHome(
  codex: string,
  project: string,
  options: CodexHookTrustOptions,
): Promise<CodexHookListing[]> {
  const scratch = await mkdtemp(join(tmpdir(), 'skillpack-codex-home-'));
  try {
    const server = await openCodexAppServer({
      codex,
      cwd: project,
      env: { ...options.env, CODEX_HOME: scratch },
    });
    try {
      await trustCodexProject(server, project);
      const hooks = await listCodexHooks(server, [project]);
      return hooks
        .filter((hook) => hook.command.includes(options.program))
        .map((hook) => ({ ...hook, trustStatus: 'untrusted' }));
    } finally {
      server.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const indent = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? '' : `  ${line}`));

/** The trust step for people: what Codex needs, the exact lines, and how to have skillpack record them. */
export function formatCodexHookTrust(trust: CodexHookTrust, rerun: string): string {
  const lines = [`Codex hook: ${trust.hookFile} runs ${trust.program} when the agent stops.`];
  if (trust.codexHomeElsewhere !== undefined)
    lines.push(
      `Warning: CODEX_HOME is ${trust.codexHomeElsewhere}, so Codex reads ${trust.codexHomeElsewhere}/hooks.json, not ${trust.hookFile}: unset CODEX_HOME, or install with a --home whose .codex folder is CODEX_HOME.`,
    );
  if (trust.trusted) {
    lines.push(
      trust.recorded
        ? `Trusted: skillpack recorded the trust in ${trust.configFile} (uninstall takes it out again).`
        : 'Trusted: Codex runs it.',
    );
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    `Codex skips this hook SILENTLY until you trust it (and, in the project scope, the project) in ${trust.configFile}.`,
  );
  if (trust.configToml !== undefined && trust.hooks.length > 0) {
    lines.push(`Add these lines to ${trust.configFile}:`, '', ...indent(trust.configToml), '');
  } else if (trust.problem !== undefined) {
    lines.push(`skillpack could not read the hook's key and hash from Codex: ${trust.problem}.`);
    if (trust.configToml !== undefined)
      lines.push('The project must be trusted too (if it is not yet):', '', ...indent(trust.configToml), '');
    lines.push(
      `Get the exact lines with \`${rerun} --codex <path to codex>\` (or \`${cliCommand('doctor --runtime codex')}\`).`,
    );
  }
  lines.push(
    `Or have skillpack record the trust (uninstall takes it out again): \`${rerun} --trust-codex-hooks\` (only if you trust this pack's hook).`,
  );
  return `${lines.join('\n')}\n`;
}
