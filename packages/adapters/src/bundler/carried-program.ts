import { createHash } from 'node:crypto';
import { PROGRAM_END, PROGRAM_START, SECOND_PROGRAM_START } from '../bin/program-markers.js';

/**
 * esbuild's CommonJS output wrapped as the function the code-cache loader calls (`require`, `module`,
 * `exports`, `__filename`, `__dirname`), and the hash of that source, part of its code cache's key.
 */
export function wrappedProgram(program: string): { readonly source: string; readonly hash: string } {
  const body = program.replace(/^#!.*\n/, '');
  const source = `(function (require, module, exports, __filename, __dirname) {${body}\n})`;
  return { source, hash: createHash('sha256').update(source).digest('hex').slice(0, 32) };
}

function carried(marker: string, program: string): string {
  const { source, hash } = wrappedProgram(program);
  if (source.includes('*/') || !/^[\x00-\x7f]*$/.test(source)) {
    throw new Error('the hook program must be ASCII without "*/" to travel in a block comment');
  }
  return `${marker}${hash}\n${source}${PROGRAM_END}`;
}

/**
 * The hook file: `loader` (a small CommonJS program that runs the carried one with V8's code cache, see
 * bin/code-cache.ts), then `program` (esbuild's CommonJS output) wrapped as a function and carried in a
 * block comment with its content hash, where parsing the file only skips it; `second`, a program the first
 * loads itself when it needs it, is carried the same way before it. Throws when a program cannot travel in
 * a block comment (a `*∕` or a non-ASCII byte in it).
 */
export function carryProgram(loader: string, program: string, second?: string): Uint8Array {
  const before = second === undefined ? '' : carried(SECOND_PROGRAM_START, second);
  return Buffer.from(`${loader}${before}${carried(PROGRAM_START, program)}`, 'latin1');
}

/**
 * A plugin or extension module (an ES module) with `second`, a CommonJS program it loads itself when it
 * needs it (`loadWithCodeCache` with `SECOND_PROGRAM_START`), carried after it in a block comment, where the
 * runtime's parse of the module only skips it. Throws as `carryProgram` does.
 */
export function carrySecondProgram(module: string, second: string): Uint8Array {
  return Buffer.from(`${module}\n${carried(SECOND_PROGRAM_START, second)}`, 'latin1');
}
