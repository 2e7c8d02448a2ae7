// The trust `--trust-codex-hooks` (or `--activate`) grants in `$CODEX_HOME/config.toml`, as pure text edits: one
// appended table per grant, `[projects."<project>"] trust_level = "trusted"` or `[hooks.state."<key>"]
// trusted_hash = "<hash>"` (the key and hash `codex app-server` lists), each journaled with the bytes put before
// it, so uninstall takes out exactly those bytes. A table the person wrote, or changed since, is theirs.
import { codexTrustToml } from '@skillpack/adapters/codex';
import { z } from 'zod';
import { appendTable, mentionsKey, withoutAppendedTable } from './toml-table.js';

export const CodexTrustGrantSchema = z.strictObject({
  /** `project`: the project trusted; `hook`: one hook trusted by its hash. */
  kind: z.enum(['project', 'hook']),
  /** The project's path, or the hook's key (`<hooks.json>:stop:<group>:<hook>`). */
  key: z.string().min(1),
  hash: z
    .string()
    .regex(/^sha256:[0-9a-f]{64}$/)
    .optional(),
  /** The scope root of the install that granted it (the project, or the home). */
  root: z.string().min(1),
  /** The pack whose hook it trusts. */
  pack: z.string().min(1),
  prefix: z.enum(['', '\n', '\n\n']),
});
export type CodexTrustGrant = z.output<typeof CodexTrustGrantSchema>;

/** skillpack's journal of its grants, beside config.toml; `createdFile`: its first grant created config.toml. */
export const CodexTrustJournalSchema = z.strictObject({
  createdFile: z.boolean().optional(),
  grants: z.array(CodexTrustGrantSchema),
});
export type CodexTrustJournal = z.output<typeof CodexTrustJournalSchema>;

/** What install asks to be trusted. */
export type CodexTrustRequest = Pick<CodexTrustGrant, 'kind' | 'key' | 'hash'>;

/** The exact bytes of a grant's table. */
export function grantTable(grant: CodexTrustRequest): string {
  return grant.kind === 'project'
    ? codexTrustToml(grant.key, [])
    : codexTrustToml(undefined, [{ key: grant.key, currentHash: grant.hash ?? '' }]);
}

const sameGrant = (a: CodexTrustRequest, b: CodexTrustRequest) => a.kind === b.kind && a.key === b.key;

/**
 * Append a table for each request (`text` undefined: no config.toml yet). A key the file already names is the
 * person's and stays (`left` says why), unless it is skillpack's own earlier grant still there byte for byte (a
 * hook whose hash changed with an upgrade), which is replaced.
 */
export function addGrants(
  text: string | undefined,
  journal: CodexTrustJournal,
  requests: readonly CodexTrustRequest[],
  owner: Pick<CodexTrustGrant, 'root' | 'pack'>,
): { text: string; journal: CodexTrustJournal; added: CodexTrustGrant[]; left: string[] } {
  let next = text ?? '';
  let grants = [...journal.grants];
  const added: CodexTrustGrant[] = [];
  const left: string[] = [];
  for (const request of requests) {
    const earlier = grants.find((grant) => sameGrant(grant, request));
    const without = earlier && withoutAppendedTable(next, grantTable(earlier), earlier.prefix);
    if (without !== undefined) {
      next = without;
      grants = grants.filter((grant) => grant !== earlier);
    } else if (mentionsKey(next, request.key)) {
      left.push(
        request.kind === 'project'
          ? `config.toml already has a table for ${request.key}, which skillpack leaves as it is (Codex runs the project's hooks only with trust_level = "trusted")`
          : `config.toml already has a [hooks.state] table for ${request.key}, which skillpack leaves as it is (set its trusted_hash = ${JSON.stringify(request.hash)})`,
      );
      continue;
    }
    const appended = appendTable(next, grantTable(request));
    next = appended.text;
    const grant = { ...request, ...owner, prefix: appended.prefix };
    grants.push(grant);
    added.push(grant);
  }
  const createdFile = journal.grants.length === 0 ? text === undefined : journal.createdFile === true;
  return {
    text: next,
    journal: { ...(createdFile && grants.length > 0 ? { createdFile: true } : {}), grants },
    added,
    left,
  };
}

/**
 * Take out the tables of the grants `released` picks. A table no longer there byte for byte is the person's now
 * (`changed`, when the file still names its key) and stays; either way the grant leaves the journal.
 * `deleteFile`: config.toml was created by skillpack's first grant and nothing else is in it now.
 */
export function releaseGrants(
  text: string | undefined,
  journal: CodexTrustJournal,
  released: (grant: CodexTrustGrant) => boolean,
): {
  text: string | undefined;
  journal: CodexTrustJournal;
  removed: CodexTrustGrant[];
  changed: CodexTrustGrant[];
  deleteFile: boolean;
} {
  let next = text;
  const removed: CodexTrustGrant[] = [];
  const changed: CodexTrustGrant[] = [];
  // Newest first, so each table is found with the bytes that were before it when it was appended.
  for (const grant of [...journal.grants].reverse().filter(released)) {
    const without =
      next === undefined ? undefined : withoutAppendedTable(next, grantTable(grant), grant.prefix);
    if (without !== undefined) {
      next = without;
      removed.push(grant);
    } else if (next !== undefined && mentionsKey(next, grant.key)) changed.push(grant);
  }
  const grants = journal.grants.filter((grant) => !released(grant));
  const createdFile = journal.createdFile === true;
  return {
    text: next,
    journal: { ...(createdFile && grants.length > 0 ? { createdFile: true } : {}), grants },
    removed,
    changed,
    deleteFile: createdFile && grants.length === 0 && next === '',
  };
}
