// Gemini CLI 0.61 runs nothing headless in an untrusted folder: `gemini -p` exits 55 before any model request
// ("Gemini CLI is not running in a trusted directory"), so a project's AfterAgent hook never runs there.
// Folder trust is on by default (`security.folderTrust.enabled`), `--skip-trust` is read too late for the
// project's settings, and `GEMINI_CLI_TRUST_WORKSPACE=true` lasts one process. What a person can persist is
// `~/.gemini/trustedFolders.json` (`Storage.getTrustedFoldersPath()`, or `GEMINI_CLI_TRUSTED_FOLDERS_PATH`):
// an object of `"<absolute path>": "TRUST_FOLDER" | "TRUST_PARENT" | "DO_NOT_TRUST"`, the longest matching
// rule winning (`LoadedTrustedFolders.isPathTrusted`). Pure: text in, text out.
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fail, ok, ProtocolError, type Result } from '@skillpack/core';
import { removeMemberAt, setMemberAt } from '../../install/json-edit.js';

/** The trust level install records for a project, when the user agrees (`--activate`). */
export const GEMINI_TRUST_FOLDER = 'TRUST_FOLDER';
const LEVELS = new Set(['TRUST_FOLDER', 'TRUST_PARENT', 'DO_NOT_TRUST']);

/** Where Gemini CLI reads folder trust: `GEMINI_CLI_TRUSTED_FOLDERS_PATH`, else `<home>/.gemini/trustedFolders.json`. */
export function geminiTrustedFoldersFile(home: string, env: NodeJS.ProcessEnv): string {
  return env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || join(home, '.gemini', 'trustedFolders.json');
}

function invalid(file: string, problem: string): ProtocolError {
  return new ProtocolError(
    'gemini_trust_invalid',
    `${file} is not a trusted-folders file skillpack can edit: ${problem}. skillpack leaves it as it is; fix it, or trust the folder in Gemini CLI itself.`,
    { details: { file, problem } },
  );
}

function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** How Gemini CLI would judge `folder` by these rules: `true`, `false`, or `undefined` (no rule, so untrusted). */
export function geminiFolderTrust(
  rules: Readonly<Record<string, unknown>>,
  folder: string,
): boolean | undefined {
  const target = resolve(folder);
  let longest = -1;
  let level: unknown;
  for (const [path, value] of Object.entries(rules)) {
    if (!LEVELS.has(value as string)) continue;
    const effective = value === 'TRUST_PARENT' ? resolve(path, '..') : resolve(path);
    if (isInside(effective, target) && path.length > longest) {
      longest = path.length;
      level = value;
    }
  }
  if (level === 'DO_NOT_TRUST') return false;
  return level === undefined ? undefined : true;
}

/** The trusted-folders text parsed, or a typed error for one skillpack must not rewrite. */
export function parseTrustedFolders(
  text: string | undefined,
  file: string,
): Result<Readonly<Record<string, unknown>>, ProtocolError> {
  if (text === undefined || text.trim() === '') return ok({});
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // Gemini CLI strips comments before parsing; skillpack's surgical edit needs plain JSON.
    return fail(invalid(file, `it is not plain JSON (${(error as Error).message})`));
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return fail(invalid(file, 'it is not a JSON object'));
  return ok(json as Record<string, unknown>);
}

export type TrustEdit =
  | { readonly kind: 'trusted'; readonly because: 'already' }
  | { readonly kind: 'distrusted'; readonly rule: string }
  | { readonly kind: 'write'; readonly text: string; readonly createdFile: boolean };

/**
 * Trust `folder` in the trusted-folders `text` (undefined: no file yet): nothing when a rule already trusts
 * it; a refusal when the person distrusted it (`DO_NOT_TRUST`), which install never overrides; otherwise the
 * text with one member `"<folder>": "TRUST_FOLDER"` added and every other byte kept.
 */
export function trustGeminiFolder(
  text: string | undefined,
  file: string,
  folder: string,
): Result<TrustEdit, ProtocolError> {
  const rules = parseTrustedFolders(text, file);
  if (!rules.success) return rules;
  const trust = geminiFolderTrust(rules.data, folder);
  if (trust === true) return ok({ kind: 'trusted', because: 'already' });
  if (trust === false) {
    const rule = Object.keys(rules.data).find((path) => rules.data[path] === 'DO_NOT_TRUST') ?? folder;
    return ok({ kind: 'distrusted', rule });
  }
  const key = resolve(folder);
  if (text === undefined || text.trim() === '') {
    return ok({
      kind: 'write',
      text: `${JSON.stringify({ [key]: GEMINI_TRUST_FOLDER }, null, 2)}\n`,
      createdFile: true,
    });
  }
  const next = setMemberAt(text, [], key, GEMINI_TRUST_FOLDER);
  if (next === undefined) return fail(invalid(file, `it already has a member ${JSON.stringify(key)}`));
  return ok({ kind: 'write', text: next, createdFile: false });
}

/**
 * Take out the trust install recorded for `folder`: the member, only while it still says `TRUST_FOLDER` (a
 * person who changed it owns it now). `delete` when install created the file and nothing else is in it.
 */
export function untrustGeminiFolder(
  text: string,
  file: string,
  folder: string,
  createdFile: boolean,
): Result<
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'changed'; readonly text: string }
  | { readonly kind: 'delete' },
  ProtocolError
> {
  const rules = parseTrustedFolders(text, file);
  if (!rules.success) return rules;
  const key = resolve(folder);
  if (rules.data[key] !== GEMINI_TRUST_FOLDER) return ok({ kind: 'unchanged' });
  const next = removeMemberAt(text, [], key, false);
  if (next === undefined) return ok({ kind: 'unchanged' });
  const left = parseTrustedFolders(next, file);
  if (createdFile && left.success && Object.keys(left.data).length === 0) return ok({ kind: 'delete' });
  return ok({ kind: 'changed', text: next });
}

/** The step a person takes when install did not record the trust (no `--activate`): exact and copyable. */
export function geminiTrustAdvice(folder: string, file: string, rerun: string): string {
  const key = resolve(folder);
  return [
    `Gemini CLI runs nothing headless in an untrusted folder (gemini -p exits 55), so this project's AfterAgent hook does not run until ${key} is trusted. Either:`,
    `  - re-run with --activate: ${rerun} --activate (adds "${key}": "TRUST_FOLDER" to ${file}; uninstall takes it out),`,
    `  - add it yourself: ${JSON.stringify({ [key]: GEMINI_TRUST_FOLDER })} in ${file}, or trust the folder when interactive Gemini CLI asks,`,
    '  - or, for one headless run, set GEMINI_CLI_TRUST_WORKSPACE=true (--skip-trust is read too late for project hooks).',
  ].join('\n');
}
