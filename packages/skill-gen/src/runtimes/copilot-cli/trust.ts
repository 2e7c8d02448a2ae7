// GitHub Copilot CLI 1.0.102 loads a project's hooks (`.github/hooks/*.json`, `.claude/settings.json`) only in
// a trusted folder, and skips them silently otherwise. A person's lasting trust is the folder in
// `trustedFolders` of `$COPILOT_HOME/config.json` (`~/.copilot/config.json`; verified: a folder listed there
// runs its project hooks without `--trust-folder`). Copilot manages that file itself: it starts with `//`
// comment lines and is rewritten by the CLI. These are pure edits of its text: add one folder, remove exactly
// that folder again, every other byte as it was.
import { appendAt, removeAt } from '../../install/json-edit.js';

/** The file below the Copilot home that lists trusted folders. */
export const COPILOT_CONFIG_FILE = 'config.json';

/** The `//` comment lines Copilot writes before the JSON document, and the document. */
export function splitCopilotConfig(text: string): { readonly header: string; readonly body: string } {
  const match = /^(?:[ \t]*(?:\/\/[^\n]*)?\r?\n)*/.exec(text);
  const header = match ? match[0] : '';
  return { header, body: text.slice(header.length) };
}

function parseBody(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** What trusting a folder does to the config text. */
export type CopilotTrustEdit =
  /** `created`: the edit made the file, or its `trustedFolders` list, which then goes with the last folder. */
  | { readonly kind: 'add'; readonly text: string; readonly created?: CopilotTrustCreated }
  | { readonly kind: 'already_trusted' }
  | { readonly kind: 'unreadable'; readonly why: string };

function trustedFolders(config: Record<string, unknown>): unknown[] | undefined | 'invalid' {
  const folders = config.trustedFolders;
  if (folders === undefined) return undefined;
  return Array.isArray(folders) ? folders : 'invalid';
}

/** What adding a folder created: the config file, or its `trustedFolders` list. */
export type CopilotTrustCreated = 'file' | 'list';

/** Add `folder` to `trustedFolders`; `text` is the file's content, `undefined` when it does not exist. */
export function trustCopilotFolder(text: string | undefined, folder: string): CopilotTrustEdit {
  if (text === undefined || text.trim() === '') {
    return {
      kind: 'add',
      text: `${JSON.stringify({ trustedFolders: [folder] }, null, 2)}\n`,
      created: 'file',
    };
  }
  const { header, body } = splitCopilotConfig(text);
  const config = parseBody(body);
  if (!config) return { kind: 'unreadable', why: 'it is not a JSON object after its comment lines' };
  const folders = trustedFolders(config);
  if (folders === 'invalid') return { kind: 'unreadable', why: 'its trustedFolders is not a list' };
  if (folders?.includes(folder)) return { kind: 'already_trusted' };
  const edited = appendAt(body, ['trustedFolders'], folder);
  if (edited === undefined) return { kind: 'unreadable', why: 'trustedFolders cannot be added to it' };
  return {
    kind: 'add',
    text: header + edited,
    ...(folders === undefined ? { created: 'list' as const } : {}),
  };
}

/**
 * Remove `folder` from `trustedFolders` (the entry `trustCopilotFolder` added). A list left empty goes too only
 * when adding the folder created it (`created`); a person's own `"trustedFolders": []` stays. `undefined` when
 * the folder is not listed or the file is not readable: nothing to take out.
 */
export function untrustCopilotFolder(
  text: string,
  folder: string,
  created?: CopilotTrustCreated,
): string | undefined {
  const { header, body } = splitCopilotConfig(text);
  const config = parseBody(body);
  if (!config) return undefined;
  const folders = trustedFolders(config);
  if (folders === undefined || folders === 'invalid') return undefined;
  const index = folders.indexOf(folder);
  if (index === -1) return undefined;
  const edited = removeAt(body, ['trustedFolders'], index, created === undefined ? 1 : 0);
  return edited === undefined ? undefined : header + edited;
}

/** The step a person runs when they did not let `install` record the trust. */
export function copilotTrustStep(folder: string): string {
  return `Copilot CLI loads this project's hooks only in a trusted folder: run \`copilot --trust-folder\` once per session, or add ${JSON.stringify(folder)} to "trustedFolders" in ~/.copilot/config.json (or re-run install with --activate).`;
}
