import { normalizeRepositoryPath } from '../paths.js';

/** The UTF-8 length of a string; a lone surrogate counts as the 3-byte replacement character. */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(value.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** True when the string encodes to valid UTF-8, i.e. has no lone surrogate. */
export function isWellFormedText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff && isLowSurrogate(value.charCodeAt(i + 1))) i++;
    else return false;
  }
  return true;
}

/** Go's `unicode.IsSpace`, plus U+FEFF, which JavaScript's `trim` also strips. */
export function isSpaceCode(unit: number): boolean {
  return (
    (unit >= 0x09 && unit <= 0x0d) ||
    unit === 0x20 ||
    unit === 0x85 ||
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  );
}

/** Why a text value is not Core-normalised text, or `undefined` when it is. */
export type TextDefect = 'not_utf8' | 'empty' | 'untrimmed' | 'too_long';

export function textDefect(value: string, maxBytes: number): TextDefect | undefined {
  if (!isWellFormedText(value)) return 'not_utf8';
  if (value === '') return 'empty';
  if (isSpaceCode(value.charCodeAt(0)) || isSpaceCode(value.charCodeAt(value.length - 1))) return 'untrimmed';
  if (utf8ByteLength(value) > maxBytes) return 'too_long';
  return undefined;
}

/** A Core `ID`: non-empty, at most 128 UTF-8 bytes, no whitespace anywhere. */
export function isCoreId(value: string): boolean {
  if (value === '' || !isWellFormedText(value) || utf8ByteLength(value) > 128) return false;
  for (let i = 0; i < value.length; i++) if (isSpaceCode(value.charCodeAt(i))) return false;
  return true;
}

const DIGEST = /^[0-9a-f]{64}$/;
const SEMANTIC_ID = /^[a-z0-9_.-]{1,128}$/;
const CAPABILITY = /^[a-z0-9_.@-]{0,128}$/;

/** A canonical SHA-256 digest: exactly 64 lowercase hexadecimal characters. */
export function isDigest(value: string): boolean {
  return DIGEST.test(value);
}

/** A Core semantic identifier (step, transition, guard ids): `[a-z0-9_.-]{1,128}`. */
export function isSemanticId(value: string): boolean {
  return SEMANTIC_ID.test(value);
}

/** A method capability id: empty or `[a-z0-9_.@-]` up to 128 characters. */
export function isCapabilityId(value: string): boolean {
  return CAPABILITY.test(value);
}

/** A repository-relative path already in canonical form (no `.`/`..`, no `\`, not absolute, trimmed). */
export function isCanonicalRepositoryPath(value: string): boolean {
  return (
    isWellFormedText(value) &&
    utf8ByteLength(value) <= 4096 &&
    !value.includes('\\') &&
    !value.endsWith('/') &&
    normalizeRepositoryPath(value) === value
  );
}
