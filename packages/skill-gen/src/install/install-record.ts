// Each install keeps its pack's own manifest (`skillpack.manifest.json`, verbatim) in the scope root, at
// `.skillpack/manifests/<runtime>/<pack>.json`, recorded in the lock like any file it wrote. A lock travels with
// the repository and its entries are claims; this record is what uninstall holds them to (ownership-proof.ts):
// the skills and files an entry names must be the pack's own. Pure.
import type { RuntimeId } from '@skillpack/adapters';
import { sha256 } from '../files/sha256.js';
import { MANIFEST_FILE, type Manifest } from '../pack/manifest.js';
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
 * `installRecordPath` from the bytes `readPack` read and parsed (`ReadPack.manifestBytes`), so the record is
 * the manifest the install followed.
 */
export function installRecordFile(
  manifest: Manifest,
  manifestBytes: Uint8Array,
  runtime: RuntimeId,
): PackFile | undefined {
  const path = installRecordPath(runtime, manifest.pack.name);
  if (path === undefined) return undefined;
  return { path, source: MANIFEST_FILE, sha256: sha256(manifestBytes), executable: false };
}
