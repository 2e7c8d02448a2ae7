/**
 * Sort object keys at every depth so equal values always serialise to the same text. Built key by key (a lock
 * file of a few thousand entries is serialised on every install, and entry arrays per object cost more than
 * the sorting).
 */
function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const sorted = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) sorted[i] = sortKeys(value[i]);
    return sorted;
  }
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const entry = sortKeys((value as Record<string, unknown>)[key]);
    // An own `__proto__` key stays data: an assignment would set the prototype instead.
    if (key === '__proto__')
      Object.defineProperty(sorted, key, {
        value: entry,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else sorted[key] = entry;
  }
  return sorted;
}

/** Deterministic JSON: sorted keys, two-space indent, LF line ends and one trailing newline. */
export function toStableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}
