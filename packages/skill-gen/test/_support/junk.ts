/** Untrusted inputs every parser must turn into a typed failure, never a throw. */
export const JUNK_INPUTS = [
  ['undefined', undefined],
  ['null', null],
  ['empty string', ''],
  ['an open brace', '{'],
  ['an empty array', []],
  ['an array as text', '[]'],
  ['a number', 42],
  ['a number as text', '42'],
  ['a multi-MB line', `{"a":"${'x'.repeat(3 * 1024 * 1024)}"}`],
  ['deeply nested JSON', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ['a __proto__ key', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ['invalid UTF-8 decoded', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('utf8')],
  ['a lone surrogate', '{"a":"\ud800"}'],
  ['CRLF line ends', '{\r\n"a": 1\r\n}\r\n'],
  ['a BOM and garbage', '\ufeff\u0000\u0001garbage'],
] as const;

/** True when nothing was written onto Object.prototype by a parse. */
export function prototypeIsClean(): boolean {
  return !('polluted' in Object.prototype) && ({} as Record<string, unknown>).polluted === undefined;
}
