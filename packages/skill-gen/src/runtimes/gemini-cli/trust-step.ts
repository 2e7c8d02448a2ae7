// After a gemini-cli install: Gemini CLI runs nothing headless in an untrusted folder, so the project must be
// trusted for its AfterAgent hook (and its skills) to run. The trust is asked of the person: without consent
// (`--activate`) the output prints the exact step; with it, one `"<project>": "TRUST_FOLDER"` member is added
// to `~/.gemini/trustedFolders.json`, every other byte kept (gemini-trust.ts). The trust belongs to the
// folder, not to the pack (another pack, or the person, may rely on it), so uninstall leaves it and says so,
// as Codex's project trust stays in config.toml.
import { readFile, realpath } from 'node:fs/promises';
import { replaceTextFile } from '../../files/replace-text-file.js';
import type { AfterInstallRequest, AfterInstallStep } from '../../install/after-install-step.js';
import type { InstallScope } from '../../install/layout.js';
import type { OperationOutcome } from '../../install/operations.js';
import { geminiTrustAdvice, geminiTrustedFoldersFile, trustGeminiFolder } from './trust.js';

export interface GeminiTrustStep {
  readonly scope: InstallScope;
  /** The trusted-folders file Gemini CLI reads. */
  readonly file: string;
  /** The project folder (project scope). */
  readonly folder?: string;
  /** The folder is trusted now (recorded by this run, or before it). */
  readonly trusted: boolean;
  /** This run added the trust (`--activate`). */
  readonly recorded: boolean;
  /** Why the trust could not be recorded, when asked to. */
  readonly problem?: string;
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Write `text` to `file` by a rename, so Gemini CLI never reads half a file; its mode stays, a new one is 0600. */
const replaceFile = (file: string, text: string) => replaceTextFile(file, text, { private: true });

/** The trust step after a gemini-cli install; `undefined` when the install was refused. Never throws. */
export async function geminiTrustAfter(
  outcome: OperationOutcome,
  request: AfterInstallRequest,
): Promise<GeminiTrustStep | undefined> {
  if (outcome.status === 'refused') return undefined;
  const file = geminiTrustedFoldersFile(request.home, request.env);
  if (request.scope === 'user') return { scope: 'user', file, trusted: false, recorded: false };
  const folder = await realpath(request.projectDir).catch(() => request.projectDir);
  try {
    const text = await readText(file);
    const edit = trustGeminiFolder(text, file, folder);
    if (!edit.success)
      return { scope: 'project', file, folder, trusted: false, recorded: false, problem: edit.error.message };
    if (edit.data.kind === 'trusted')
      return { scope: 'project', file, folder, trusted: true, recorded: false };
    if (edit.data.kind === 'distrusted') {
      const problem = `${edit.data.rule} is DO_NOT_TRUST in ${file}; skillpack never overrides a person's distrust`;
      return { scope: 'project', file, folder, trusted: false, recorded: false, problem };
    }
    if (!request.consent || outcome.status === 'planned')
      return { scope: 'project', file, folder, trusted: false, recorded: false };
    await replaceFile(file, edit.data.text);
    return { scope: 'project', file, folder, trusted: true, recorded: true };
  } catch (error) {
    const problem = `cannot read or write ${file}: ${(error as Error).message}`;
    return { scope: 'project', file, folder, trusted: false, recorded: false, problem };
  }
}

/** What the person reads about the trust step. */
export function formatGeminiTrust(step: GeminiTrustStep, rerun: string): string {
  if (step.scope === 'user') {
    return (
      'Gemini CLI runs nothing headless in an untrusted folder (gemini -p exits 55): trust each project you run it in (interactive Gemini CLI asks; or add "<project>": "TRUST_FOLDER" to ' +
      `${step.file}), or set GEMINI_CLI_TRUST_WORKSPACE=true for one run.\n`
    );
  }
  const folder = step.folder ?? '';
  if (step.recorded)
    return `Gemini CLI trusts ${folder} now: added ${JSON.stringify({ [folder]: 'TRUST_FOLDER' })} to ${step.file} (uninstall leaves it: the trust is the folder's; remove that member to undo).\n`;
  if (step.trusted) return `Gemini CLI already trusts ${folder} (${step.file}).\n`;
  const problem = step.problem ? `Could not record the folder trust: ${step.problem}.\n` : '';
  return `${problem}${geminiTrustAdvice(folder, step.file, rerun)}\n`;
}

/** Gemini CLI's folder-trust step: the trust stays with the folder on uninstall. */
export const geminiFolderTrust: AfterInstallStep<GeminiTrustStep> = {
  key: 'folderTrust',
  afterInstall: geminiTrustAfter,
  format: formatGeminiTrust,
  afterUninstall: async () => undefined,
};
