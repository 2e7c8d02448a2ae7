import { compareCodePoints } from '../text/ascii.js';

/** One workspace file as the caller read it: a repository-relative path and its bytes (or text). */
export interface WorkspaceFile {
  readonly path: string;
  readonly content: Uint8Array | string;
}

const INCLUDED_PREFIXES = ['src/', 'tests/', 'config/', 'openspec/specs/'];
const EXCLUDED_PREFIXES = ['.git/', '.cflx/', 'logs/', 'history/'];
const FOLLOW_UP_HEADINGS = ['\n## Current Acceptance Follow-up', '\n## Acceptance #'];

/**
 * Whether a file counts towards semantic progress: sources, tests, config, specs, `.cflx.jsonc`,
 * `Cargo.toml` and `tasks.md`, never runtime bookkeeping (`.git/`, `.cflx/`, `logs/`, `history/`, an
 * `APPLY_BLOCKED` directory).
 */
export function isSemanticProgressPath(path: string): boolean {
  if (EXCLUDED_PREFIXES.some((prefix) => path.startsWith(prefix)) || path.includes('/APPLY_BLOCKED/')) {
    return false;
  }
  return (
    INCLUDED_PREFIXES.some((prefix) => path.startsWith(prefix)) ||
    path.includes('/specs/') ||
    path === '.cflx.jsonc' ||
    path.endsWith('/.cflx.jsonc') ||
    path.endsWith('Cargo.toml') ||
    path.endsWith('tasks.md')
  );
}

function withoutFollowUp(content: Uint8Array | string): Uint8Array {
  let text =
    typeof content === 'string' ? content : new TextDecoder('utf-8', { ignoreBOM: true }).decode(content);
  for (const heading of FOLLOW_UP_HEADINGS) {
    const at = text.indexOf(heading);
    if (at !== -1) text = text.slice(0, at);
  }
  return new TextEncoder().encode(text);
}

/** 64-bit FNV-1a in four 16-bit limbs (least significant first), so no BigInt is needed per byte. */
function fnv1a(hash: number[], bytes: Uint8Array): void {
  let [h0, h1, h2, h3] = hash as [number, number, number, number];
  for (const byte of bytes) {
    h0 ^= byte;
    // hash * 0x100000001b3 = hash * 0x1b3 + (hash << 40), modulo 2^64.
    const c0 = h0 * 0x1b3;
    const c1 = h1 * 0x1b3 + (c0 >>> 16);
    const c2 = h2 * 0x1b3 + (c1 >>> 16) + ((h0 << 8) & 0xffff);
    const c3 = h3 * 0x1b3 + (c2 >>> 16) + (((h0 >>> 8) | (h1 << 8)) & 0xffff);
    h0 = c0 & 0xffff;
    h1 = c1 & 0xffff;
    h2 = c2 & 0xffff;
    h3 = c3 & 0xffff;
  }
  hash[0] = h0;
  hash[1] = h1;
  hash[2] = h2;
  hash[3] = h3;
}

/**
 * The semantic-progress fingerprint of a workspace: FNV-1a (64-bit) over the path and content of every
 * counted file in path order, `tasks.md` without its runtime-owned acceptance follow-up sections, as 16 hex
 * digits. Paths use `/`; read the files yourself (core does no I/O).
 */
export function semanticProgressFingerprint(files: Iterable<WorkspaceFile>): string {
  const counted = [...files]
    .map((file) => ({ ...file, path: file.path.replaceAll('\\', '/') }))
    .filter((file) => isSemanticProgressPath(file.path))
    .sort((left, right) => compareCodePoints(left.path, right.path));
  const encoder = new TextEncoder();
  const hash = [0x2325, 0x8422, 0x9ce4, 0xcbf2];
  for (const file of counted) {
    fnv1a(hash, encoder.encode(file.path));
    const content = file.path.endsWith('tasks.md')
      ? withoutFollowUp(file.content)
      : typeof file.content === 'string'
        ? encoder.encode(file.content)
        : file.content;
    fnv1a(hash, content);
  }
  return hash
    .reverse()
    .map((limb) => limb.toString(16).padStart(4, '0'))
    .join('');
}
