// After a pi install: Pi 1.6.0 skips a project's `.pi/extensions` and `.pi/skills` in headless runs (`-p`,
// `--mode json`, RPC) unless the project is trusted (docs/security.md "Project trust"), so the pack's
// extension, which enforces its contracts, would not load. The trust is asked of the person: without consent
// (`--activate`) the output prints the exact step; with it, one `"<project>": true` member is added to
// `~/.pi/agent/trust.json` (`$PI_CODING_AGENT_DIR/trust.json`), every other member kept. A decision saved for
// the folder or a parent (the closest applies, as in Pi's trust-manager.js), or `defaultProjectTrust:
// "always"` in the user settings, is reported as it is; a saved `false` is never overridden. The trust belongs
// to the folder, so uninstall leaves it. User scope needs none: user extensions and skills load untrusted.
import { readFile, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { replaceTextFile } from '../../files/replace-text-file.js';
import type {
  AfterInstallRequest,
  AfterInstallStep,
  SettledOperation,
} from '../../install/after-install-step.js';
import type { InstallScope } from '../../install/layout.js';

export interface PiTrustStep {
  readonly scope: InstallScope;
  /** The trust store Pi reads. */
  readonly file: string;
  readonly folder?: string;
  /** The folder is trusted now (recorded by this run, or before it). */
  readonly trusted: boolean;
  /** This run added the trust (`--activate`). */
  readonly recorded: boolean;
  /** What trusts it when this run did not: a saved decision for the folder or a parent, or the settings. */
  readonly by?: string;
  readonly problem?: string;
}

/** Pi's user folder: `$PI_CODING_AGENT_DIR`, else `<home>/.pi/agent`. */
export function piAgentDir(home: string, env: NodeJS.ProcessEnv): string {
  return env.PI_CODING_AGENT_DIR || join(home, '.pi', 'agent');
}

async function readJsonObject(file: string): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('expected a JSON object');
  return parsed as Record<string, unknown>;
}

/** The closest saved decision for `folder` or a parent, as Pi looks it up. */
export function nearestPiTrust(
  store: Readonly<Record<string, unknown>>,
  folder: string,
): { readonly path: string; readonly decision: boolean } | undefined {
  for (let current = folder; ; current = dirname(current)) {
    const decision = store[current];
    if (decision === true || decision === false) return { path: current, decision };
    if (dirname(current) === current) return undefined;
  }
}

/** The trust step after a pi install; `undefined` for the user scope (nothing to trust) or a refused install. */
export async function piTrustAfter(
  outcome: SettledOperation,
  request: AfterInstallRequest,
): Promise<PiTrustStep | undefined> {
  if (outcome.status === 'refused' || request.scope === 'user') return undefined;
  const agentDir = piAgentDir(request.home, request.env);
  const file = join(agentDir, 'trust.json');
  const folder = await realpath(request.projectDir).catch(() => request.projectDir);
  const base = { scope: 'project' as const, file, folder };
  try {
    const store = (await readJsonObject(file)) ?? {};
    const saved = nearestPiTrust(store, folder);
    if (saved?.decision === false) {
      const problem = `${saved.path} is saved as not trusted in ${file}; skillpack never overrides a person's decision`;
      return { ...base, trusted: false, recorded: false, problem };
    }
    if (saved) return { ...base, trusted: true, recorded: false, by: `${saved.path} in ${file}` };
    const settings = await readJsonObject(join(agentDir, 'settings.json')).catch(() => undefined);
    if (settings?.defaultProjectTrust === 'always')
      return {
        ...base,
        trusted: true,
        recorded: false,
        by: `defaultProjectTrust "always" in ${join(agentDir, 'settings.json')}`,
      };
    if (!request.consent || outcome.status === 'planned') return { ...base, trusted: false, recorded: false };
    const sorted = Object.fromEntries(
      Object.entries({ ...store, [folder]: true }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    await replaceTextFile(file, `${JSON.stringify(sorted, null, 2)}\n`);
    return { ...base, trusted: true, recorded: true };
  } catch (error) {
    const problem = `cannot read or write ${file}: ${(error as Error).message}`;
    return { ...base, trusted: false, recorded: false, problem };
  }
}

/** What the person reads about the trust step. */
export function formatPiTrust(step: PiTrustStep, rerun: string): string {
  const folder = step.folder ?? '';
  if (step.recorded)
    return `Pi trusts ${folder} now: added ${JSON.stringify({ [folder]: true })} to ${step.file} (uninstall leaves it: the trust is the folder's; remove that member to undo).\n`;
  if (step.trusted) return `Pi already trusts ${folder} (${step.by}).\n`;
  const problem = step.problem ? `Could not record the project trust: ${step.problem}.\n` : '';
  return `${problem}Pi 1.6.0 skips this project's extensions and skills in headless runs (pi -p, pi --mode json) until you trust the project, so the pack's extension does not enforce its contracts there. Trust it: run \`pi\` in ${folder} once and choose Trust, add ${JSON.stringify({ [folder]: true })} to ${step.file}, pass --approve to each run, or run \`${rerun}\`.\n`;
}

/** Pi's project-trust step: the trust stays with the folder on uninstall. */
export const piFolderTrust: AfterInstallStep<PiTrustStep> = {
  key: 'folderTrust',
  afterInstall: piTrustAfter,
  format: formatPiTrust,
  afterUninstall: async () => undefined,
};
