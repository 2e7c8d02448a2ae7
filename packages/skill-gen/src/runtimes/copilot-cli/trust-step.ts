// After a project-scope install or uninstall of a pack whose skill form carries a Copilot hook file: the
// folder-trust step (Copilot 1.0.102 skips an untrusted project's hooks silently). With consent (`--activate`)
// install adds the project to `trustedFolders` in `$COPILOT_HOME/config.json` and journals that it did, in
// `$COPILOT_HOME/skillpack-trusted-folders.json`; uninstall of the last such install takes exactly that entry
// out again. A folder the person trusted themselves is never journaled, so never removed. Without consent the
// exact step is printed.
import { realpath, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readTextIfPresent } from '../../files/read-text-if-present.js';
import { replaceTextFile } from '../../files/replace-text-file.js';
import type { AfterInstallStep, SettledOperation } from '../../install/after-install-step.js';
import { MCP_SERVER_RECORD } from '../../install/mcp-lock.js';
import {
  type CopilotTrustCreated,
  copilotTrustStep,
  trustCopilotFolder,
  untrustCopilotFolder,
} from './trust.js';

/** The journal of the folders skillpack added to `trustedFolders`, beside Copilot's config. */
export const COPILOT_TRUST_JOURNAL = 'skillpack-trusted-folders.json';

/** What the trust step found or did. */
export interface CopilotTrustReport {
  readonly configFile: string;
  readonly folder: string;
  /** The folder is in `trustedFolders` now. */
  readonly trusted: boolean;
  /** skillpack added it in this run. */
  readonly recorded: boolean;
  /** Why it is not trusted, when it is not. */
  readonly problem?: string;
}

function copilotHome(env: NodeJS.ProcessEnv): string {
  return env.COPILOT_HOME && env.COPILOT_HOME !== ''
    ? env.COPILOT_HOME
    : join(env.HOME ?? homedir(), '.copilot');
}

/**
 * Write `next` over `file` by rename, only if it still holds `before` (a concurrent edit aborts). The file keeps
 * its mode; one skillpack creates is 0600 (Copilot's config may hold account data).
 */
async function replaceText(file: string, before: string | undefined, next: string): Promise<void> {
  await replaceTextFile(file, next, {
    private: true,
    before: async () => {
      if ((await readTextIfPresent(file)) !== before)
        throw new Error(`${file} changed while skillpack was editing it`);
    },
  });
}

/** skillpack's trust journal: the folders it added, and what its first addition created (the file, the list). */
interface TrustJournal {
  readonly folders: readonly string[];
  readonly created?: CopilotTrustCreated;
}

async function readJournal(file: string): Promise<TrustJournal> {
  const text = await readTextIfPresent(file);
  if (text === undefined) return { folders: [] };
  const value: unknown = JSON.parse(text);
  const folders = (value as { folders?: unknown })?.folders;
  const created = (value as { created?: unknown })?.created;
  if (!Array.isArray(folders) || !folders.every((folder) => typeof folder === 'string'))
    throw new Error(`${file} is not skillpack's trust journal`);
  return created === 'file' || created === 'list' ? { folders, created } : { folders };
}

const journalText = (journal: TrustJournal) =>
  `${JSON.stringify({ ...(journal.created ? { created: journal.created } : {}), folders: [...journal.folders].sort() }, null, 2)}\n`;

/**
 * Whether the project's lock, after the plan, still holds an install with a Copilot hook file or an MCP server
 * entry (Copilot 1.0.102 reads a project's `.github/mcp.json` only in a trusted folder too).
 */
function carriesCopilotHook(outcome: SettledOperation): boolean {
  return outcome.plan.lock.installs.some(
    (install) =>
      install.scope === 'project' &&
      (install.files.some((file) => /^\.github\/hooks\/[^/]+\.json$/.test(file.path)) ||
        (install.runtime === 'copilot-cli' && install[MCP_SERVER_RECORD.key] !== undefined)),
  );
}

/** After install: report the trust, and record it when the person consented. */
export async function copilotTrustAfterInstall(
  outcome: SettledOperation,
  options: { readonly consent: boolean; readonly env: NodeJS.ProcessEnv },
): Promise<CopilotTrustReport | undefined> {
  if (outcome.status === 'refused' || !carriesCopilotHook(outcome)) return undefined;
  const folder = await realpath(outcome.root).catch(() => outcome.root);
  const home = copilotHome(options.env);
  const configFile = join(home, 'config.json');
  const before = await readTextIfPresent(configFile);
  const edit = trustCopilotFolder(before, folder);
  if (edit.kind === 'already_trusted') return { configFile, folder, trusted: true, recorded: false };
  if (edit.kind === 'unreadable')
    return { configFile, folder, trusted: false, recorded: false, problem: `${configFile}: ${edit.why}` };
  if (!options.consent || outcome.status === 'planned')
    return { configFile, folder, trusted: false, recorded: false, problem: copilotTrustStep(folder) };
  const journalFile = join(home, COPILOT_TRUST_JOURNAL);
  const journal = await readJournal(journalFile);
  const journalBefore = await readTextIfPresent(journalFile);
  // What the first recorded trust created goes with the last one; a list or file the person had stays.
  const created = journal.folders.length === 0 ? edit.created : journal.created;
  await replaceText(
    journalFile,
    journalBefore,
    journalText({ folders: [...new Set([...journal.folders, folder])], ...(created ? { created } : {}) }),
  );
  await replaceText(configFile, before, edit.text);
  return { configFile, folder, trusted: true, recorded: true };
}

/**
 * After uninstall: when no install left in the project carries a Copilot hook and skillpack journaled the
 * folder's trust, take exactly that entry out of `trustedFolders` (and the journal). `true` when it did.
 */
export async function copilotTrustAfterUninstall(
  outcome: SettledOperation,
  env: NodeJS.ProcessEnv,
): Promise<boolean> {
  if (outcome.status !== 'applied' || carriesCopilotHook(outcome)) return false;
  const folder = await realpath(outcome.root).catch(() => outcome.root);
  const home = copilotHome(env);
  const journalFile = join(home, COPILOT_TRUST_JOURNAL);
  const journalBefore = await readTextIfPresent(journalFile);
  const journal = await readJournal(journalFile);
  if (!journal.folders.includes(folder)) return false;
  const configFile = join(home, 'config.json');
  const before = await readTextIfPresent(configFile);
  const rest = journal.folders.filter((entry) => entry !== folder);
  const next = before === undefined ? undefined : untrustCopilotFolder(before, folder, journal.created);
  if (next !== undefined) {
    // A config.json skillpack created, with nothing else in it now, goes.
    const emptied = journal.created === 'file' && rest.length === 0 && /^\s*\{\s*\}\s*$/.test(next);
    if (emptied) await rm(configFile, { force: true });
    else await replaceText(configFile, before, next);
  }
  if (rest.length === 0) await rm(journalFile, { force: true });
  else await replaceText(journalFile, journalBefore, journalText({ ...journal, folders: rest }));
  return next !== undefined;
}

/** The text install prints for the report. */
export function formatCopilotTrust(report: CopilotTrustReport): string {
  if (report.recorded) return `Copilot CLI: trusted ${report.folder} in ${report.configFile} (--activate).\n`;
  if (report.trusted) return '';
  return `Copilot CLI: ${report.problem ?? copilotTrustStep(report.folder)}\n`;
}

/** Copilot CLI's folder-trust step: journaled, and released by the last uninstall that needed it. */
export const copilotFolderTrust: AfterInstallStep<CopilotTrustReport> = {
  key: 'folderTrust',
  // Like Gemini's step: a trust it cannot record is reported with the step to take, not thrown after the
  // install's files are in place.
  afterInstall: async (outcome, request) => {
    try {
      return await copilotTrustAfterInstall(outcome, request);
    } catch (error) {
      const folder = await realpath(outcome.root).catch(() => outcome.root);
      const configFile = join(copilotHome(request.env), 'config.json');
      const problem = `cannot record the trust: ${(error as Error).message}; ${copilotTrustStep(folder)}`;
      return { configFile, folder, trusted: false, recorded: false, problem };
    }
  },
  format: (report) => formatCopilotTrust(report),
  afterUninstall: async (outcome, env) =>
    (await copilotTrustAfterUninstall(outcome, env))
      ? {
          released: true,
          sentence: 'Copilot CLI: took the folder out of trustedFolders, where --activate put it.\n',
        }
      : undefined,
};
