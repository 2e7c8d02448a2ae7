interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/**
 * Replace lone UTF-16 surrogates with U+FFFD, as decoding the same text from UTF-8 bytes would; text read
 * from a process never contains them, so scanning rules stay the same for strings and bytes.
 */
export function toWellFormedText(text: string): string {
  const value = text as unknown as WellFormedString;
  return value.isWellFormed() ? text : value.toWellFormed();
}

/** Whether the text has no lone UTF-16 surrogate. */
export function isWellFormedText(text: string): boolean {
  return (text as unknown as WellFormedString).isWellFormed();
}
