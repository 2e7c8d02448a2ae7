import { hash } from 'node:crypto';

/**
 * Hex sha256 of a file's bytes (strings are hashed as UTF-8). The one-shot `hash` (Node 20.12+): an install
 * hashes every pack file, and a `Hash` object per file cost more than the hashing.
 */
export function sha256(content: string | Uint8Array): string {
  return hash('sha256', content, 'hex');
}
