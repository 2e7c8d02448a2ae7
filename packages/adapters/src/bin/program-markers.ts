/**
 * The block comment that carries the hook program at the end of a bundle: `PROGRAM_START`, the program's
 * build-time content hash and a newline, the program, then `PROGRAM_END`. Written by the one hook bundler
 * (`@skillpack/adapters/bundler`), read by the code-cache loader (bin/code-cache.ts).
 */
export const PROGRAM_START = '/*skillpack-program ';
/** The text that closes the block comment carrying the program at the end of a bundle. */
export const PROGRAM_END = '\n*/\n';
