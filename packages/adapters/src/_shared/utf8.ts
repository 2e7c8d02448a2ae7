/** The UTF-8 encoded length of a string; a lone surrogate counts as the 3 bytes of U+FFFD. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 keeps a slice pointing at
 * its parent, so a short preview of a huge value would otherwise keep the whole value alive.
 */
export function detachedString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
