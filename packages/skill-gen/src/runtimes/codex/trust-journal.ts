// The I/O of skillpack's Codex trust grants (trust-grants.ts): config.toml and the journal beside it,
// `skillpack-codex-trust.json`, edited under the busy lock of their folder (one skillpack at a time), each
// replaced by a rename (Codex never reads half a file, the file keeps its mode) only if it still holds what was
// read. Install writes the journal before config.toml and uninstall after it, so a run killed between the two
// leaves at worst a journaled grant that is not there, which the next uninstall drops.
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readTextIfPresent } from '../../files/read-text-if-present.js';
import { replaceTextFile } from '../../files/replace-text-file.js';
import { acquireScopeLock } from '../../install/scope-lock.js';
import {
  addGrants,
  type CodexTrustGrant,
  type CodexTrustJournal,
  CodexTrustJournalSchema,
  type CodexTrustRequest,
  releaseGrants,
} from './trust-grants.js';

/** The journal of the trust skillpack granted, beside Codex's config.toml. */
export const CODEX_TRUST_JOURNAL = 'skillpack-codex-trust.json';

function parseJournal(text: string | undefined, file: string): CodexTrustJournal {
  if (text === undefined) return { grants: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = CodexTrustJournalSchema.safeParse(value);
  if (!parsed.success) throw new Error(`${file} is not skillpack's Codex trust journal`);
  return parsed.data;
}

const journalText = (journal: CodexTrustJournal) => `${JSON.stringify(journal, null, 2)}\n`;

/** Put `next` at `file` (or delete it) only if it still holds `before`. */
async function replaceIfUnchanged(file: string, before: string | undefined, next: string | undefined) {
  const unchanged = async () => {
    if ((await readTextIfPresent(file)) !== before)
      throw new Error(`${file} changed while skillpack was editing it`);
  };
  if (next === undefined) {
    await unchanged();
    await rm(file, { force: true });
  } else if (next !== before) await replaceTextFile(file, next, { private: true, before: unchanged });
}

/** Run `edit` holding the busy lock of `configFile`'s folder. */
async function locked<T>(configFile: string, edit: () => Promise<T>): Promise<T> {
  await mkdir(dirname(configFile), { recursive: true });
  const lock = await acquireScopeLock(dirname(configFile));
  if (!lock.success) throw lock.error;
  try {
    return await edit();
  } finally {
    await lock.data.release();
  }
}

/** Append and journal a table for each request (see `addGrants`). Throws what it cannot read or write. */
export function recordCodexTrust(
  configFile: string,
  requests: readonly CodexTrustRequest[],
  owner: Pick<CodexTrustGrant, 'root' | 'pack'>,
): Promise<{ added: CodexTrustGrant[]; left: string[] }> {
  const journalFile = join(dirname(configFile), CODEX_TRUST_JOURNAL);
  return locked(configFile, async () => {
    const [text, journalBefore] = [await readTextIfPresent(configFile), await readTextIfPresent(journalFile)];
    const edit = addGrants(text, parseJournal(journalBefore, journalFile), requests, owner);
    if (edit.added.length > 0) {
      await replaceIfUnchanged(journalFile, journalBefore, journalText(edit.journal));
      await replaceIfUnchanged(configFile, text, edit.text);
    }
    return { added: edit.added, left: edit.left };
  });
}

/** Take out the journaled grants `released` picks (see `releaseGrants`). Throws what it cannot read or write. */
export async function releaseCodexTrust(
  configFile: string,
  released: (grant: CodexTrustGrant) => boolean,
): Promise<{ removed: CodexTrustGrant[]; changed: CodexTrustGrant[] }> {
  const journalFile = join(dirname(configFile), CODEX_TRUST_JOURNAL);
  const journalBefore = await readTextIfPresent(journalFile);
  if (journalBefore === undefined) return { removed: [], changed: [] };
  return locked(configFile, async () => {
    const journalNow = await readTextIfPresent(journalFile);
    const journal = parseJournal(journalNow, journalFile);
    if (!journal.grants.some(released)) return { removed: [], changed: [] };
    const text = await readTextIfPresent(configFile);
    const edit = releaseGrants(text, journal, released);
    await replaceIfUnchanged(configFile, text, edit.deleteFile ? undefined : edit.text);
    await replaceIfUnchanged(
      journalFile,
      journalNow,
      edit.journal.grants.length === 0 ? undefined : journalText(edit.journal),
    );
    return { removed: edit.removed, changed: edit.changed };
  });
}
