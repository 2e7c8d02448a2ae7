import { describe, expect, it } from 'vitest';
import { appendAt, removeAt } from '../../src/install/json-edit.js';

const VALUE = { hooks: [{ type: 'command', command: 'node "x" --a' }] };

/** Append, check the result is the intended JSON, remove the same item, check the text came back. */
function roundTrip(text: string, path: string[]) {
  const appended = appendAt(text, path, VALUE);
  expect(appended).toBeDefined();
  let expected = JSON.parse(text);
  let node = expected;
  for (const [depth, key] of path.entries()) {
    node[key] ??= depth === path.length - 1 ? [] : {};
    node = node[key];
  }
  node.push(VALUE);
  expect(JSON.parse(appended!)).toEqual(expected);
  let target = JSON.parse(appended!);
  for (const key of path) target = target[key];
  const removed = removeAt(appended!, path, target.length - 1);
  expect(removed).toBe(text);
  expected = undefined;
  return appended!;
}

describe('appendAt / removeAt', () => {
  it.each([
    ['an empty object', '{}'],
    ['an empty object with a newline', '{}\n'],
    ['a compact file with other keys', '{"model":"opus"}'],
    ['a pretty file without hooks', '{\n  "model": "opus"\n}\n'],
    ['hooks without the event', '{\n  "hooks": {\n    "PreToolUse": []\n  }\n}\n'],
    ['the event with one group', '{\n\t"hooks": {\n\t\t"Stop": [\n\t\t\t{"hooks": []}\n\t\t]\n\t}\n}'],
    ['a one-line event array', '{ "hooks": { "Stop": [ {"a": 1}, {"b": [1, 2]} ] }, "z": "}]," }'],
    ['strings with escapes and brackets', '{"a": "\\"}{[", "hooks": {"Stop": [{"c": "\\\\"}]}}'],
  ])('restores %s byte for byte', (_, text) => {
    roundTrip(text, ['hooks', 'Stop']);
  });

  it('indents an insertion the way the file is indented', () => {
    const text = '{\n    "hooks": {\n        "Stop": [\n            {"mine": true}\n        ]\n    }\n}';
    const appended = roundTrip(text, ['hooks', 'Stop']);
    expect(appended).toContain('\n            {\n                "hooks": [');
  });

  it('writes CRLF into a CRLF file', () => {
    const text = '{\r\n  "model": "opus"\r\n}\r\n';
    const appended = roundTrip(text, ['hooks', 'Stop']);
    expect(appended.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('refuses a path through something that is not an object or an array', () => {
    expect(appendAt('{"hooks": []}', ['hooks', 'Stop'], VALUE)).toBeUndefined();
    expect(appendAt('{"hooks": {"Stop": {}}}', ['hooks', 'Stop'], VALUE)).toBeUndefined();
    expect(removeAt('{"hooks": {"Stop": []}}', ['hooks', 'Stop'], 0)).toBeUndefined();
  });

  it('removes an item that is not the last, keeping the others and their spacing', () => {
    const text = '{"hooks": {"Stop": [ {"a": 1}, {"b": 2}, {"c": 3} ]}}';
    expect(removeAt(text, ['hooks', 'Stop'], 0)).toBe('{"hooks": {"Stop": [ {"b": 2}, {"c": 3} ]}}');
    expect(removeAt(text, ['hooks', 'Stop'], 1)).toBe('{"hooks": {"Stop": [ {"a": 1}, {"c": 3} ]}}');
  });

  it('edits the last of duplicate keys, the one JSON.parse keeps', () => {
    const text = '{"hooks": {"Stop": [1]}, "hooks": {"Stop": []}}';
    const appended = appendAt(text, ['hooks', 'Stop'], 2);
    expect(appended).toBe('{"hooks": {"Stop": [1]}, "hooks": {"Stop": [2]}}');
  });
});
