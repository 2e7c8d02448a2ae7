import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildPack } from '../../src/runtimes/runtime-pack.js';
import { goldenDir, standInBundles, tempDir } from './temp.js';

/** Build the golden fixture into a fresh temp folder (stand-in bundles, types read from core's sources). */
export async function buildGolden(out = tempDir('skillpack-golden-')) {
  const result = await buildPack({
    cwd: goldenDir,
    out,
    bundles: standInBundles,
    typeReferences: { prefer: 'sources' },
  });
  return { out, result };
}

export interface TreeEntry {
  readonly path: string;
  readonly bytes: Buffer;
  readonly executable: boolean;
}

/** Every file under `root`, sorted by POSIX path. */
export function readTree(root: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const relative = prefix === '' ? name : `${prefix}/${name}`;
      const stats = statSync(path);
      if (stats.isDirectory()) walk(path, relative);
      else
        entries.push({ path: relative, bytes: readFileSync(path), executable: (stats.mode & 0o111) !== 0 });
    }
  };
  walk(root, '');
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
