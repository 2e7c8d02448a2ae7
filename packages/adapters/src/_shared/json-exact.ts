const MAX_DEPTH = 64;

/**
 * Whether `JSON.parse(JSON.stringify(value))` gives `value` back unchanged: `null`, booleans, strings (a lone
 * surrogate is escaped), finite numbers other than `-0`, and arrays without holes and plain objects of such
 * values, nested at most 64 deep. `undefined`, `-0`, `NaN`, a class instance or a null-prototype object
 * would come back different, so the caller keeps such a value as it is.
 */
export function isJsonExact(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Array.prototype) {
    const array = value as readonly unknown[];
    for (let i = 0; i < array.length; i++) {
      if (!(i in array) || !isJsonExact(array[i], depth + 1)) return false;
    }
    return Object.keys(array).length === array.length;
  }
  if (prototype !== Object.prototype) return false;
  const record = value as Readonly<Record<string, unknown>>;
  for (const key in record) {
    if (!isJsonExact(record[key], depth + 1)) return false;
  }
  return true;
}
