import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh private folder for the hook's block counter, so tests never write outside the temp dir. */
export function hookStateDir(): string {
  return mkdtempSync(join(tmpdir(), 'skillpack-hook-state-'));
}
