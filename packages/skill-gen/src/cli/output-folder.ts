import { relative } from 'node:path';
import { toIoError } from '../errors/io-error.js';
import { IoError } from './exit-code.js';
import { kindCode, PATH_KIND_PHRASE, pathKind } from './path-kind.js';

/**
 * Refuse a folder a command writes into (`--out DIR`, `init DIR`) when something else is there: a regular
 * file, a FIFO, a device… is `out_is_<kind>`, an IoError saying which. A folder, or nothing yet, passes.
 */
export async function checkOutputFolder(path: string, what: string, cwd: string): Promise<void> {
  let kind: Awaited<ReturnType<typeof pathKind>>;
  try {
    kind = await pathKind(path);
  } catch (error) {
    throw toIoError(error, 'use', path);
  }
  if (kind === 'missing' || kind === 'directory') return;
  const shown = relative(cwd, path) || '.';
  throw new IoError(
    kindCode('out', kind),
    `${what} ${shown} is ${PATH_KIND_PHRASE[kind]}; expected a folder, or a path where one can be made.`,
    { details: { path, kind } },
  );
}
