import { createHash } from 'node:crypto';
import { PROGRAM_END, PROGRAM_START } from '../bin/program-markers.js';

/**
 * The hook file: `loader` (a small CommonJS program that runs the carried one with V8's code cache, see
 * bin/code-cache.ts), then `program` (esbuild's CommonJS output) wrapped as a function and carried in a
 * block comment with its content hash, where parsing the file only skips it. Throws when the program
 * cannot travel in a block comment (a `*∕` or a non-ASCII byte in it).
 */
export function carryProgram(loader: string, program: string): Uint8Array {
  const body = program.replace(/^#!.*\n/, '');
  if (body.includes('*/') || !/^[\x00-\x7f]*$/.test(body)) {
    throw new Error('the hook program must be ASCII without "*/" to travel in a block comment');
  }
  const source = `(function (require, module, exports, __filename, __dirname) {${body}\n})`;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 32);
  return Buffer.from(`${loader}${PROGRAM_START}${hash}\n${source}${PROGRAM_END}`, 'latin1');
}
