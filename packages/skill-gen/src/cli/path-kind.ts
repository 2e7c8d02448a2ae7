import { type Stats, stat as statCallback } from 'node:fs';

// Not `node:fs/promises`: loading it (and the readline and watcher modules it loads) is ≈ 0.7 ms of every
// bundled `skillpack parse`, which reads its input from stdin or a stream, not through a FileHandle.
const stat = (path: string) =>
  new Promise<Stats>((resolve, reject) =>
    statCallback(path, (error, stats) => (error ? reject(error) : resolve(stats))),
  );

/** What is at a path, as far as a command that wants a file or a folder cares. */
export type PathKind =
  | 'missing'
  | 'file'
  | 'directory'
  | 'fifo'
  | 'socket'
  | 'character-device'
  | 'block-device';

/** The kind of a `stat` result (symlinks followed). */
export function kindOfStats(stats: Stats): Exclude<PathKind, 'missing'> {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice()) return 'character-device';
  return 'block-device';
}

/** The kind at `path`, `missing` when nothing is there; any other `stat` failure is thrown as is. */
export async function pathKind(path: string): Promise<PathKind> {
  try {
    return kindOfStats(await stat(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

/** The kind as a sentence says it: "a FIFO (named pipe)", "a character device (like /dev/zero)", … */
export const PATH_KIND_PHRASE: Readonly<Record<PathKind, string>> = {
  missing: 'missing',
  file: 'a regular file',
  directory: 'a folder',
  fifo: 'a FIFO (named pipe)',
  socket: 'a socket',
  'character-device': 'a character device (like /dev/zero or a terminal)',
  'block-device': 'a block device',
};

/** The code suffix a kind gives an error: `input_is_fifo`, `config_is_character_device`, … */
export function kindCode(prefix: string, kind: Exclude<PathKind, 'missing'>): string {
  return `${prefix}_is_${kind.replace('-', '_')}`;
}

const CONTROL_NAMES: Readonly<Record<string, string>> = {
  '\n': 'a newline',
  '\r': 'a carriage return',
  '\t': 'a tab',
  '\0': 'a NUL byte',
};

/** The first control character in `path` (C0 or DEL), named: "a newline (U+000A)"; undefined when none. */
export function controlCharacterIn(path: string): string | undefined {
  const found = /[\u0000-\u001f\u007f]/.exec(path)?.[0];
  if (found === undefined) return undefined;
  const code = `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return `${CONTROL_NAMES[found] ?? 'a control character'} (${code})`;
}
