import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findOnPath } from '../../_path.js';

/**
 * ripgrep for OpenCode: the `rg` on PATH, or else the one the Codex npm package ships
 * (`@openai/codex-<platform>/vendor/<target>/codex-path/rg`) when `codex` is on PATH.
 */
export function findRipgrep(path: string): { file: string; onPath: boolean } | undefined {
  const onPath = findOnPath('rg', path);
  if (onPath) return { file: onPath, onPath: true };
  const codex = findOnPath('codex', path);
  if (!codex) return undefined;
  // bin/codex.js -> @openai/codex; the platform build is a sibling package under @openai/.
  const scope = dirname(dirname(dirname(realpathSync(codex))));
  if (!existsSync(scope)) return undefined;
  for (const pkg of readdirSync(scope).filter((name) => name.startsWith('codex-'))) {
    const vendor = join(scope, pkg, 'vendor');
    if (!existsSync(vendor)) continue;
    for (const target of readdirSync(vendor)) {
      for (const sub of ['codex-path', 'path']) {
        const file = join(vendor, target, sub, 'rg');
        if (existsSync(file)) return { file, onPath: false };
      }
    }
  }
  return undefined;
}
