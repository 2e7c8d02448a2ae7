/** Lower-case ASCII letters only, like Rust's `str::to_ascii_lowercase`; every other character stays. */
export function toAsciiLowerCase(text: string): string {
  let firstUpper = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x41 && code <= 0x5a) {
      firstUpper = i;
      break;
    }
  }
  if (firstUpper === -1) return text;
  let out = text.slice(0, firstUpper);
  for (let i = firstUpper; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : text[i];
  }
  return out;
}

/**
 * Order strings by Unicode code point, which is the byte order of their UTF-8 encoding (Rust's `str` `Ord`).
 * JavaScript's default sort compares UTF-16 code units, which puts U+E000–U+FFFF after astral characters.
 */
export function compareCodePoints(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const a = left.charCodeAt(i);
    const b = right.charCodeAt(i);
    if (a === b) continue;
    if (a >= 0xd800 && a <= 0xdfff && b >= 0xe000) return 1;
    if (b >= 0xd800 && b <= 0xdfff && a >= 0xe000) return -1;
    return a - b;
  }
  return left.length - right.length;
}
