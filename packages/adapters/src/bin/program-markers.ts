/**
 * The block comment that carries the hook program at the end of a bundle: `PROGRAM_START`, the program's
 * build-time content hash and a newline, the program, then `PROGRAM_END`. Written by the one hook bundler
 * (`@skillpack/adapters/bundler`), read by the code-cache loader (bin/code-cache.ts). Each is joined at run
 * time: a carried program may itself read programs (a pack hook's fast path loads the second one), and a
 * program holding a marker as a literal would be taken for where a program starts or could not travel.
 */
export const PROGRAM_START = ['/*', 'skillpack-program '].join('');
/**
 * The marker of a second program a bundle may carry before the first, with a code cache of its own: a pack
 * hook's whole hook, which its fast path loads only for a stop it hands over.
 */
export const SECOND_PROGRAM_START = ['/*', 'skillpack-program-2 '].join('');
/** The text that closes the block comment carrying the program at the end of a bundle. */
export const PROGRAM_END = ['\n*', '/\n'].join('');
