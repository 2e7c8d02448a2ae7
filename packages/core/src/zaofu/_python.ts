/**
 * The few Python built-in semantics the ZaoFu kernel (Python 3.11) relies on, reproduced over JSON values so
 * kernel reports and error strings match upstream byte for byte. JSON cannot tell `1` from `1.0`, so a safe
 * integer is always treated as a Python `int`.
 */

export type PyMapping = { [key: string]: unknown };

/** `isinstance(value, Mapping)` for a decoded JSON value. */
export function isMapping(value: unknown): value is PyMapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `mapping.get(key)`: own keys only, so `constructor` or `__proto__` never reach the prototype. */
export function getOwn(mapping: PyMapping, key: string): unknown {
  return Object.hasOwn(mapping, key) ? mapping[key] : undefined;
}

/** `key in mapping` for a decoded JSON object. */
export function hasOwn(mapping: PyMapping, key: string): boolean {
  return Object.hasOwn(mapping, key);
}

/** `bool(value)`: `None`, `False`, `0`, `''`, `[]` and `{}` are falsy. */
export function pyTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isMapping(value)) return Object.keys(value).length > 0;
  return true;
}

const PY_WHITESPACE = new Set(
  [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680]
    .concat([0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a])
    .concat([0x2028, 0x2029, 0x202f, 0x205f, 0x3000])
    .map((code) => String.fromCharCode(code)),
);

/** `str.strip()`, whose whitespace set differs from JavaScript's `trim` (`\x1c`–`\x1f`, `\x85`, not `\ufeff`). */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PY_WHITESPACE.has(text[start]!)) start++;
  while (end > start && PY_WHITESPACE.has(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** `type(value).__name__` for a decoded JSON value (`undefined` counts as a missing value, `NoneType`). */
export function pyTypeName(value: unknown): string {
  if (value === undefined || value === null) return 'NoneType';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'int' : 'float';
  if (Array.isArray(value)) return 'list';
  return isMapping(value) ? 'dict' : typeof value;
}

function pyFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const [mantissa = '0', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const fixed = String(value);
  return fixed.includes('.') || fixed.includes('e') ? fixed : `${fixed}.0`;
}

function pyStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\' || char === quote) out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (char !== ' ' && /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u.test(char)) {
      if (code <= 0xff) out += `\\x${code.toString(16).padStart(2, '0')}`;
      else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
      else out += `\\U${code.toString(16).padStart(8, '0')}`;
    } else out += char;
  }
  return out + quote;
}

const MAX_REPR_DEPTH = 64;

function reprAt(value: unknown, depth: number): string {
  if (value === undefined || value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pyStringRepr(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : pyFloatRepr(value);
  if (depth >= MAX_REPR_DEPTH) return Array.isArray(value) ? '[...]' : '{...}';
  if (Array.isArray(value)) return `[${value.map((item) => reprAt(item, depth + 1)).join(', ')}]`;
  if (isMapping(value)) {
    const entries = Object.keys(value).map((key) => `${pyStringRepr(key)}: ${reprAt(value[key], depth + 1)}`);
    return `{${entries.join(', ')}}`;
  }
  return String(value);
}

/** `repr(value)`; containers nested deeper than 64 levels print as `[...]` instead of recursing further. */
export function pyRepr(value: unknown): string {
  return reprAt(value, 0);
}

/** `str(value)`: a string is itself, anything else its `repr`. */
export function pyStr(value: unknown): string {
  return typeof value === 'string' ? value : pyRepr(value);
}

const PY_INT_LITERAL = /^[+-]?\d+(?:_\d+)*$/;

/**
 * `int(value)`, or `undefined` where Python raises `TypeError`/`ValueError` (and `OverflowError` for an
 * infinite float, which upstream does not catch). Strings accept ASCII digits only.
 */
export function pyInt(value: unknown): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = pyStrip(value);
  return PY_INT_LITERAL.test(text) ? Number(text.replaceAll('_', '')) : undefined;
}
