// Doctor runs Codex with a copy of CODEX_HOME. Codex keys a user hook's trust by the path of `$CODEX_HOME/
// hooks.json` (`[hooks.state."<CODEX_HOME>/hooks.json:stop:0:0"]`, Codex 0.169), so in the copy the trust the
// person gave names the original folder: it is renamed to the copy's, the hash left as it is.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `config.toml`'s text with the hook trust keys of `original`'s hooks.json renamed to `staged`'s. Pure. */
export function rekeyHookTrust(text: string, original: string, staged: string): string {
  const key = (folder: string) => `${folder.replaceAll('\\', '/')}/hooks.json:`;
  return text
    .replaceAll(JSON.stringify(key(original)).slice(0, -1), JSON.stringify(key(staged)).slice(0, -1))
    .replaceAll(`'${key(original)}`, `'${key(staged)}`);
}

/** After doctor copied CODEX_HOME (`original`) to `staged`: its config.toml trusts the copy's hooks as the original's. */
export function restageCodexHome(original: string, staged: string): void {
  const file = join(staged, 'config.toml');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const next = rekeyHookTrust(text, original, staged);
  if (next !== text) writeFileSync(file, next);
}
