import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../_support/cli.js';
import { tempDir } from '../_support/temp.js';

/** Each kind of thing that is not the file a command wants gets its own code and a sentence naming it. */
function place() {
  const root = tempDir('skillpack-bad-paths-');
  expect(spawnSync('mkfifo', [join(root, 'pipe')]).status).toBe(0);
  mkdirSync(join(root, 'folder'));
  writeFileSync(join(root, 'plain.txt'), 'x');
  return root;
}

const KINDS = [
  ['pipe', 'fifo', 'a FIFO (named pipe)'],
  ['/dev/zero', 'character_device', 'a character device'],
  ['folder', 'directory', 'a folder'],
] as const;

/** `parse` always prints JSON; the others do with `--format json`. */
const asJson = (args: readonly string[]) => (args[0] === 'parse' ? [...args] : [...args, '--format', 'json']);

const json = (stdout: string) => JSON.parse(stdout) as { error: { code: string; message: string } };

describe('parse FILE', { timeout: 30_000 }, () => {
  it.each(KINDS)('%s: input_is_%s, saying it is %s (exit 2, no hang)', async (path, kind, phrase) => {
    const run = await cli(place(), 'parse', '--contract', 'conflux.acceptance', path);
    expect(run.code).toBe(2);
    expect(json(run.stdout).error.code).toBe(`input_is_${kind}`);
    expect(json(run.stdout).error.message).toContain(`it is ${phrase}`);
    expect(run.stdout).not.toContain('EISDIR');
  });

  it('a missing file is input_not_found', async () => {
    const run = await cli(place(), 'parse', '--contract', 'conflux.acceptance', 'nothing.jsonl');
    expect(json(run.stdout).error).toMatchObject({ code: 'input_not_found' });
  });
});

describe('--config FILE of build, check, lint, docs, schemas and parse', { timeout: 30_000 }, () => {
  const commands = [
    ['build'],
    ['check'],
    ['lint'],
    ['docs', '--out', 'out'],
    ['schemas', '--out', 'out'],
    ['parse', '--contract', 'conflux.acceptance', 'plain.txt'],
  ] as readonly (readonly string[])[];
  for (const [path, kind, phrase] of KINDS) {
    it.each(commands)(`%s refuses ${path} as the config: config_is_${kind} (no hang)`, async (...args) => {
      const run = await cli(place(), ...asJson([...args, '--config', path]));
      expect(run.code).toBe(1);
      const { error } = json(run.stdout);
      expect(error.code).toBe(`config_is_${kind}`);
      expect(error.message).toContain(`The pack config is ${phrase}`);
    });
  }
});

describe('a contract module path that is not a file', { timeout: 30_000 }, () => {
  it.each(KINDS)('--contracts ./%s is contract_module_is_%s', async (path, kind, phrase) => {
    const module = path.startsWith('/') ? path : `./${path}`;
    const run = await cli(
      place(),
      'parse',
      '--contract',
      'conflux.acceptance',
      '--contracts',
      module,
      'plain.txt',
    );
    expect(run.code).toBe(1);
    expect(json(run.stdout).error.code).toBe(`contract_module_is_${kind}`);
    expect(json(run.stdout).error.message).toContain(`is ${phrase}`);
  });
});

describe('an output folder that is something else', { timeout: 30_000 }, () => {
  it.each([
    [['docs', '--out'], 'pipe', 'out_is_fifo', '--out pipe is a FIFO (named pipe)'],
    [['schemas', '--out'], '/dev/null', 'out_is_character_device', 'is a character device'],
    [['docs', '--out'], 'plain.txt', 'out_is_file', '--out plain.txt is a regular file'],
    [['init'], 'pipe', 'out_is_fifo', 'DIR pipe is a FIFO (named pipe)'],
  ])('%j %s: %s', async (args, path, code, says) => {
    const run = await cli(place(), ...args, path, '--format', 'json');
    expect(run.code).toBe(2);
    expect(json(run.stdout).error.code).toBe(code);
    expect(json(run.stdout).error.message).toContain(says);
  });
});

describe('a path argument with a newline', { timeout: 30_000 }, () => {
  it.each([
    [['parse', '--contract', 'conflux.acceptance'], 'FILE'],
    [['parse', '--contract', 'conflux.acceptance', '--config'], '--config'],
    [['build', '--config'], '--config'],
    [['lint'], 'PATH'],
    [['docs', '--out'], '--out'],
    [['install', '--runtime', 'codex', '--scope', 'project'], 'PACK_DIR'],
    [['list', '--scope', 'project', '--dir'], '--dir'],
  ])('%j is path_has_control_character naming %s', async (args, argument) => {
    const run = await cli(place(), ...asJson([...args, 'dist/\npack']));
    expect(run.code).toBe(2);
    const { error } = json(run.stdout);
    expect(error.code).toBe('path_has_control_character');
    expect(error.message).toBe(
      `${argument} is "dist/\\npack", which contains a newline (U+000A); a path must not contain control characters (was a line break pasted into it?).`,
    );
  });
});
