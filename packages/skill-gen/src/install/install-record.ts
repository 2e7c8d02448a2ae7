// Each install keeps its pack's own manifest (`skillpack.manifest.json`, verbatim) in the scope root, at
// `.skillpack/manifests/<runtime>/<pack>.json`, recorded in the lock like any file it wrote. A lock travels with
// the repository and its entries are claims; this record is what uninstall holds them to (ownership-proof.ts):
// the skills and files an entry names must be the pack's own. Pure.
import { join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import { fail, ok, type Result, type SkillpackError } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';
import { readRegularFile } from '../files/read-regular-file.js';
import { sha256 } from '../files/sha256.js';
import { MANIFEST_FILE, MAX_MANIFEST_CHARS, type Manifest, safeParseManifest } from '../pack/manifest.js';
import { plainName } from './hook-wiring.js';
import type { PackFile } from './plan.js';

/** The folder below the scope root where installs keep their packs' manifests. */
export const INSTALL_RECORDS = '.skillpack/manifests/';

/** The folder of one runtime's install records (`.skillpack/manifests/gemini-cli/`). */
export const installRecordFolder = (runtime: RuntimeId) => `${INSTALL_RECORDS}${runtime}/`;

/** Where an install of `pack` for `runtime` keeps the pack's manifest; `undefined` for a name that is no file name. */
export function installRecordPath(runtime: RuntimeId, pack: string): string | undefined {
  const name = plainName(pack);
  return name === undefined ? undefined : `${installRecordFolder(runtime)}${name}.json`;
}

/**
 * The install record of a pack as a file to install: the pack's `skillpack.manifest.json`, copied verbatim to
 * `installRecordPath`. The bytes must still be the manifest `readPack` verified (the apply checks the sha256 again).
 */
export async function installRecordFile(
  packDir: string,
  manifest: Manifest,
  runtime: RuntimeId,
): Promise<Result<PackFile | undefined, SkillpackError>> {
  const path = installRecordPath(runtime, manifest.pack.name);
  if (path === undefined) return ok(undefined);
  const read = await readRegularFile(join(packDir, MANIFEST_FILE), { maxBytes: MAX_MANIFEST_CHARS * 4 });
  if (!read.success) return read;
  const reread = safeParseManifest(read.data.bytes.toString('utf8'));
  if (!reread.success || JSON.stringify(reread.data) !== JSON.stringify(manifest))
    return fail(
      new IoError(
        'pack_changed',
        `${join(packDir, MANIFEST_FILE)} changed while installing; run install again.`,
        {
          details: { packDir },
        },
      ),
    );
  return ok({ path, source: MANIFEST_FILE, sha256: sha256(read.data.bytes), executable: false });
}
