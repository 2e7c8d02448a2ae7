// A pack plugin's or extension's start reads its configuration synchronously: what it accepts is exactly what
// the whole path's reader accepts (the same value), and what it refuses (anything not a small regular file of
// JSON) it refuses at once, without blocking, for the whole path to read again and word.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readModuleConfigJson, readModuleConfigJsonSync } from '../../src/hooks/read-module-config.js';

const dir = mkdtempSync(join(tmpdir(), 'skillpack-module-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): URL {
  writeFileSync(join(dir, name), content);
  return pathToFileURL(join(dir, name));
}

const CONFIG = { contracts: ['acme.review'], maxPrompts: 2 };

describe('readModuleConfigJsonSync', () => {
  it.each([
    ['a configuration', JSON.stringify(CONFIG)],
    ['a configuration with a byte order mark', `\uFEFF${JSON.stringify(CONFIG)}`],
    ['JSON that is not an object', '[1, 2]'],
    ['invalid UTF-8 in a string', Buffer.from([0x22, 0xff, 0x22])],
    ['a file of exactly 1 MiB', `"${'x'.repeat(1024 * 1024 - 2)}"`],
  ] as const)('reads %s as the whole path does', async (_, content) => {
    const url = file(`read-${Math.random()}.json`, content);
    const whole = await readModuleConfigJson(url, 'plugin');
    expect(whole.success).toBe(true);
    expect(readModuleConfigJsonSync(url)).toEqual({ value: whole.success ? whole.data : undefined });
  });

  it.each([
    ['text that is not JSON', '{"contracts": ['],
    ['an empty file', ''],
    ['a file above 1 MiB', `"${'x'.repeat(1024 * 1024)}"`],
  ] as const)('refuses %s, as the whole path does', async (_, content) => {
    const url = file(`refused-${Math.random()}.json`, content);
    expect((await readModuleConfigJson(url, 'plugin')).success).toBe(false);
    expect(readModuleConfigJsonSync(url)).toBeUndefined();
  });

  it('refuses a missing file and a folder', async () => {
    mkdirSync(join(dir, 'folder.json'));
    for (const url of [pathToFileURL(join(dir, 'missing.json')), pathToFileURL(join(dir, 'folder.json'))]) {
      expect((await readModuleConfigJson(url, 'plugin')).success).toBe(false);
      expect(readModuleConfigJsonSync(url)).toBeUndefined();
    }
  });

  it('follows a symbolic link to a configuration', () => {
    const target = file('target.json', JSON.stringify(CONFIG));
    symlinkSync(target, join(dir, 'link.json'));
    expect(readModuleConfigJsonSync(pathToFileURL(join(dir, 'link.json')))).toEqual({ value: CONFIG });
  });

  it.runIf(process.platform !== 'win32')('refuses a FIFO at once, with no writer', () => {
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    expect(readModuleConfigJsonSync(pathToFileURL(fifo))).toBeUndefined();
  });
});
