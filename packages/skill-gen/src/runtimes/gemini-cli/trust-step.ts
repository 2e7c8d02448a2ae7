// After a gemini-cli install: Gemini CLI runs nothing headless in an untrusted folder, so the project must be
// trusted for its AfterAgent hook (and its skills) to run. The trust is asked of the person: without consent
// (`--activate`) the output prints the exact step; with it, one `"<project>": "TRUST_FOLDER"` member is added
// to `~/.gemini/trustedFolders.json`, every other byte and the file's mode kept (trust.ts), and journaled beside
// it (`skillpack-trusted-folders.json`). One behaviour, as for Copilot CLI: uninstall of the project's last
// gemini-cli install takes out exactly the member install added (and the file, when install created it and
// nothing else is in it), and says so. A trust the person gave, or changed since, is theirs and stays.
import { realpath, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { readTextIfPresent } from '../../files/read-text-if-present.js';
import { replaceTextFile } from '../../files/replace-text-file.js';
import type {
  AfterInstallRequest,
  AfterInstallStep,
  SettledOperation,
  UninstallNote,
} from '../../install/after-install-step.js';
import type { InstallScope } from '../../install/layout.js';
import {
  geminiTrustAdvice,
  geminiTrustedFoldersFile,
  parseTrustedFolders,
  trustGeminiFolder,
  untrustGeminiFolder,
} from './trust.js';

/** The journal of the folders skillpack trusted, beside Gemini CLI's trusted-folders file. */
export const GEMINI_TRUST_JOURNAL = 'skillpack-trusted-folders.json';

/** skillpack's trust journal: the folders it added, and whether its first addition created the file. */
interface TrustJournal {
  readonly folders: readonly string[];
  readonly createdFile?: true;
}

const journalOf = (file: string) => join(dirname(file), GEMINI_TRUST_JOURNAL);

async function readJournal(file: string): Promise<TrustJournal> {
  const text = await readTextIfPresent(file);
  if (text === undefined) return { folders: [] };
  const value = JSON.parse(text) as { folders?: unknown; createdFile?: unknown };
  if (!Array.isArray(value?.folders) || !value.folders.every((folder) => typeof folder === 'string'))
    throw new Error(`${file} is not skillpack's trust journal`);
  return value.createdFile === true
    ? { folders: value.folders, createdFile: true }
    : { folders: value.folders };
}

async function writeJournal(file: string, journal: TrustJournal): Promise<void> {
  if (journal.folders.length === 0) return void (await rm(file, { force: true }));
  const sorted = {
    ...(journal.createdFile ? { createdFile: true } : {}),
    folders: [...journal.folders].sort(),
  };
  await replaceFile(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

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

/** Write `text` to `file` by a rename, so Gemini CLI never reads half a file; its mode stays, a new one is 0600. */
const replaceFile = (file: string, text: string) => replaceTextFile(file, text, { private: true });

/** The trust step after a gemini-cli install; `undefined` when the install was refused. Never throws. */
export async function geminiTrustAfter(
  outcome: SettledOperation,
  request: AfterInstallRequest,
): Promise<GeminiTrustStep | undefined> {
  if (outcome.status === 'refused') return undefined;
  const file = geminiTrustedFoldersFile(request.home, request.env);
  if (request.scope === 'user') return { scope: 'user', file, trusted: false, recorded: false };
  const folder = await realpath(request.projectDir).catch(() => request.projectDir);
  try {
    const text = await readTextIfPresent(file);
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
    const journal = await readJournal(journalOf(file));
    await writeJournal(journalOf(file), {
      folders: [...new Set([...journal.folders, folder])],
      ...((journal.folders.length === 0 ? edit.data.createdFile : journal.createdFile)
        ? { createdFile: true }
        : {}),
    });
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
    return `Gemini CLI trusts ${folder} now: added ${JSON.stringify({ [folder]: 'TRUST_FOLDER' })} to ${step.file} (uninstall of the last gemini-cli install here takes it out).\n`;
  if (step.trusted) return `Gemini CLI already trusts ${folder} (${step.file}).\n`;
  const problem = step.problem ? `Could not record the folder trust: ${step.problem}.\n` : '';
  return `${problem}${geminiTrustAdvice(folder, step.file, rerun)}\n`;
}

/**
 * After uninstall: once the project has no gemini-cli install left, take out the trust install journaled for
 * it. The sentence saying what it took out, or what it left (a member the person changed); `undefined` when
 * install recorded none. Never throws: a trust it cannot take out is named with the step to take.
 */
export async function geminiTrustAfterUninstall(
  outcome: SettledOperation,
  env: NodeJS.ProcessEnv,
  home: string,
): Promise<UninstallNote | undefined> {
  if (outcome.status !== 'applied') return undefined;
  const needed = outcome.plan.lock.installs.some(
    (install) => install.runtime === 'gemini-cli' && install.scope === 'project',
  );
  if (needed) return undefined;
  const folder = await realpath(outcome.root).catch(() => outcome.root);
  const file = geminiTrustedFoldersFile(home, env);
  try {
    const journal = await readJournal(journalOf(file));
    if (!journal.folders.includes(folder)) return undefined;
    const rest = journal.folders.filter((entry) => entry !== folder);
    const text = await readTextIfPresent(file);
    const edit =
      text === undefined
        ? undefined
        : untrustGeminiFolder(text, file, folder, journal.createdFile === true && rest.length === 0);
    await writeJournal(journalOf(file), { ...journal, folders: rest });
    if (edit === undefined || !edit.success || edit.data.kind === 'unchanged') {
      const rules = text === undefined ? undefined : parseTrustedFolders(text, file);
      const left = rules?.success ? rules.data[resolve(folder)] : undefined;
      if (left === undefined) return undefined;
      return {
        released: false,
        sentence: `Gemini CLI: left ${JSON.stringify({ [resolve(folder)]: left })} in ${file}: it changed since --activate added it, so it is yours now.\n`,
      };
    }
    if (edit.data.kind === 'delete') await rm(file, { force: true });
    else await replaceFile(file, edit.data.text);
    return {
      released: true,
      sentence: `Gemini CLI: took ${folder} out of ${file}, where --activate put it.\n`,
    };
  } catch (error) {
    return {
      released: false,
      sentence: `Gemini CLI: could not take the trust of ${folder} out of ${file} (${(error as Error).message}); remove its "${folder}" member yourself.\n`,
    };
  }
}

/** Gemini CLI's folder-trust step: journaled, and released by the last uninstall that needed it. */
export const geminiFolderTrust: AfterInstallStep<GeminiTrustStep> = {
  key: 'folderTrust',
  afterInstall: geminiTrustAfter,
  format: formatGeminiTrust,
  afterUninstall: (outcome, env, context) => geminiTrustAfterUninstall(outcome, env, context.home),
};
