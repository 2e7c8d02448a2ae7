import type { RuntimeId } from '@skillpack/adapters';
import { cliCommand } from '../../cli/invocation.js';
import type { CliIo } from '../../cli/io.js';
import type { InstallScope } from '../../install/layout.js';
import { findInstall } from '../../install/lock-file.js';
import type { OperationOutcome } from '../../install/operations.js';
import { hookProgramPath } from './hook-plan.js';
import { CODEX_HOOK_CONFIG } from './hooks.js';
import { codexHookFolder } from './layout.js';
import { type CodexHookTrust, codexHookTrust } from './trust.js';

export interface CodexTrustRequest {
  readonly packDir: string;
  readonly scope: InstallScope;
  readonly projectDir: string;
  /** `--codex <path>`. */
  readonly codex?: string;
  /** `--trust-codex-hooks`. */
  readonly trust: boolean;
}

/**
 * After a codex install that wired a hook: the trust step, asked from Codex and recorded only when the user
 * asked for it. `undefined` when the install has no hook (or was refused).
 */
export async function codexTrustAfter(
  outcome: OperationOutcome,
  request: CodexTrustRequest,
  io: CliIo,
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
  return codexHookTrust({
    scope: request.scope,
    root: outcome.root,
    project: request.projectDir,
    program,
    ...(request.codex ? { codex: request.codex } : {}),
    env: io.env,
    cwd: io.cwd,
    trust: request.trust,
  });
}

/** The install command again, for the advice to run it with another flag. */
export function rerunCommand(request: CodexTrustRequest, runtime: RuntimeId): string {
  const dir = request.scope === 'project' ? ` --dir ${JSON.stringify(request.projectDir)}` : '';
  return `${cliCommand('install')} ${JSON.stringify(request.packDir)} --runtime ${runtime} --scope ${request.scope}${dir}`;
}
