import { kindCode, PATH_KIND_PHRASE, pathKind } from '../cli/path-kind.js';
import { authorError } from '../errors/author-error.js';
import { readRegularFile } from '../files/read-regular-file.js';

/** A pack config is a small JSON file: this bounds what is read before parsing. */
const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

/**
 * The text of the pack config at `path` (`file` is how errors name it), never blocking on it: nothing there
 * is `config_not_found`; a folder, a FIFO, a socket or a device is `config_is_<kind>` (`config_is_fifo`, …),
 * saying which; any other failure to read it is `config_unreadable` with the system's code. All ConfigErrors
 * with `fix`.
 */
export async function readConfigText(path: string, file: string, fix: string): Promise<string> {
  let kind: Awaited<ReturnType<typeof pathKind>>;
  try {
    kind = await pathKind(path);
  } catch (cause) {
    throw unreadable(file, fix, cause);
  }
  if (kind === 'missing') {
    throw authorError('config_not_found', {
      file,
      message: 'Cannot read the pack config (ENOENT): no such file.',
      fix,
      details: { errno: 'ENOENT' },
    });
  }
  if (kind !== 'file') {
    throw authorError(kindCode('config', kind), {
      file,
      message: `The pack config is ${PATH_KIND_PHRASE[kind]}; expected a regular JSON file.`,
      fix,
      details: { kind },
    });
  }
  const read = await readRegularFile(path, { maxBytes: MAX_CONFIG_BYTES, noFollow: false });
  if (!read.success) throw unreadable(file, fix, read.error, read.error.message);
  return read.data.bytes.toString('utf8');
}

function unreadable(file: string, fix: string, cause: unknown, why?: string) {
  const errno = (cause as NodeJS.ErrnoException).code;
  return authorError('config_unreadable', {
    file,
    message: `Cannot read the pack config: ${why ?? errno ?? String(cause)}.`,
    fix,
    details: errno ? { errno } : {},
    cause,
  });
}
