import type { AfterInstallRequest, AfterInstallStep } from '../../install/after-install-step.js';
import { findInstall } from '../../install/lock-file.js';
import type { OperationOutcome } from '../../install/operations.js';
import { hookProgramPath } from './hook-program-path.js';
import { CODEX_HOOK_CONFIG } from './hooks.js';
import { codexHookFolder } from './layout.js';
import { type CodexHookTrust, codexHookTrust, formatCodexHookTrust } from './trust.js';

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
  outcome: OperationOutcome,
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
    project: request.projectDir,
    program,
    ...(typeof codex === 'string' ? { codex } : {}),
    env: request.env,
    cwd: request.cwd,
    trust: request.consent,
  });
}

/** Codex's hook trust, the step after an install that wired its Stop hook (`codexHook` in `--format json`). */
export const codexHookTrustStep: AfterInstallStep<CodexHookTrust> = {
  key: 'codexHook',
  afterInstall: codexTrustAfter,
  format: formatCodexHookTrust,
};
