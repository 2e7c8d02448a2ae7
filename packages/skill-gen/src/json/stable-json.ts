/** Sort object keys at every depth so equal values always serialise to the same text. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.keys(value)
    .sort()
    .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])] as const);
  // Object.fromEntries defines own properties, so a `__proto__` key stays data and never a prototype.
  return Object.fromEntries(entries);
}

/** Deterministic JSON: sorted keys, two-space indent, LF line ends and one trailing newline. */
export function toStableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}
