/**
 * Whether a UTF-16 code unit is Unicode `White_Space`, the set Rust's `char::is_whitespace` and `str::trim`
 * use. It differs from JavaScript's `String.prototype.trim`: U+0085 counts, U+FEFF (BOM) does not.
 */
export function isUnicodeWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Trim Unicode `White_Space` from both ends, like Rust's `str::trim`. */
export function trimUnicodeWhitespace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isUnicodeWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isUnicodeWhitespace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Whether the text is empty or only Unicode `White_Space`. */
export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isUnicodeWhitespace(text.charCodeAt(i))) return false;
  return true;
}

/** The non-empty runs between Unicode `White_Space`, like Rust's `str::split_whitespace`. */
export function splitUnicodeWhitespace(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const boundary = i === text.length || isUnicodeWhitespace(text.charCodeAt(i));
    if (boundary && start !== -1) {
      words.push(text.slice(start, i));
      start = -1;
    } else if (!boundary && start === -1) start = i;
  }
  return words;
}
