import { join } from 'node:path';
import type {
  AfterInstallRequest,
  AfterInstallStep,
  SettledOperation,
  UninstallNote,
} from '../../install/after-install-step.js';
import { findInstall } from '../../install/lock-file.js';
import { hookProgramPath } from './hook-program-path.js';
import { CODEX_HOOK_CONFIG } from './hooks.js';
import { codexHookFolder } from './layout.js';
import { type CodexHookTrust, codexHomeOf, codexHookTrust, formatCodexHookTrust } from './trust.js';
import type { CodexTrustGrant } from './trust-grants.js';
import { releaseCodexTrust } from './trust-journal.js';

/** The install option Codex's hook trust reads. */
export interface CodexTrustOptions {
  /** The codex executable asked for the hook's trust key and hash (`--codex PATH`; default `codex` on PATH). */
  readonly codex?: string;
}

/**
 * After a codex install that wired a hook: the trust step, asked from Codex (`--codex PATH`, default `codex` on
 * PATH) and recorded only with consent (`--activate`, `--trust-codex-hooks`). `undefined` when the install has
 * no hook (or was refused).
 */
export async function codexTrustAfter(
  outcome: SettledOperation,
  request: AfterInstallRequest,
): Promise<CodexHookTrust | undefined> {
  if (outcome.status === 'refused') return undefined;
  const install = findInstall(outcome.plan.lock, outcome.plan.pack.name, 'codex');
  const folder = codexHookFolder(outcome.plan.pack.name);
  if (!install?.hookConfig || folder === undefined) return undefined;
  const program = hookProgramPath(outcome.root, folder);
  if (outcome.status === 'planned') {
    return {
      hookFile: `${outcome.root.replaceAll('\\', '/')}/${CODEX_HOOK_CONFIG}`,
      program,
      configFile: '$CODEX_HOME/config.toml',
      hooks: [],
      trusted: false,
      recorded: false,
      problem: 'a dry run installs nothing, so Codex has no hook to list yet',
    };
  }
  const { codex } = request.options as CodexTrustOptions;
  return codexHookTrust({
    scope: request.scope,
    root: outcome.root,
    pack: outcome.plan.pack.name,
    project: request.projectDir,
    program,
    ...(typeof codex === 'string' ? { codex } : {}),
    env: request.env,
    cwd: request.cwd,
    trust: request.consent,
  });
}

const grantName = (grant: CodexTrustGrant) =>
  grant.kind === 'project'
    ? `[projects.${JSON.stringify(grant.key)}]`
    : `[hooks.state.${JSON.stringify(grant.key)}]`;

/**
 * After uninstall: take out of config.toml the trust install recorded in this scope root for a pack that has no
 * Codex install here any more (the project's own trust once no Codex install is left in it). A table the person
 * changed since stays, named. Never throws: what it cannot take out is named with the step to take.
 */
export async function codexTrustAfterUninstall(
  outcome: SettledOperation,
  env: NodeJS.ProcessEnv,
): Promise<UninstallNote | undefined> {
  if (outcome.status !== 'applied') return undefined;
  const left = outcome.plan.lock.installs.filter((install) => install.runtime === 'codex');
  const released = (grant: CodexTrustGrant) =>
    grant.root === outcome.root &&
    (grant.kind === 'project'
      ? left.length === 0
      : !left.some((install) => install.pack.name === grant.pack));
  const configFile = join(codexHomeOf(env), 'config.toml');
  try {
    const { removed, changed } = await releaseCodexTrust(configFile, released);
    const sentences = [
      ...(removed.length > 0
        ? [
            `Codex: took ${removed.map(grantName).join(', ')} out of ${configFile}, where --trust-codex-hooks put ${removed.length === 1 ? 'it' : 'them'}.`,
          ]
        : []),
      ...(changed.length > 0
        ? [
            `Codex: left ${changed.map(grantName).join(', ')} in ${configFile}: it changed since --trust-codex-hooks added it, so it is yours now.`,
          ]
        : []),
    ];
    if (sentences.length === 0) return undefined;
    return { released: removed.length > 0, sentence: `${sentences.join('\n')}\n` };
  } catch (error) {
    return {
      released: false,
      sentence: `Codex: could not take the trust skillpack recorded out of ${configFile} (${(error as Error).message}); remove its tables named in ${join(codexHomeOf(env), 'skillpack-codex-trust.json')} yourself.\n`,
    };
  }
}

/** Codex's hook trust, the step after an install that wired its Stop hook (`codexHook` in `--format json`). */
export const codexHookTrustStep: AfterInstallStep<CodexHookTrust> = {
  key: 'codexHook',
  afterInstall: codexTrustAfter,
  format: formatCodexHookTrust,
  afterUninstall: (outcome, env) => codexTrustAfterUninstall(outcome, env),
};
