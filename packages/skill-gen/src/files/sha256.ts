import { createHash } from 'node:crypto';

/** Hex sha256 of a file's bytes (strings are hashed as UTF-8). */
export function sha256(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}
