// `node:fs` through `process.getBuiltinModule`: the code-cache loader imports this before anything else.
const fs = process.getBuiltinModule('node:fs');

/** `O_NONBLOCK` makes opening a FIFO return at once; `O_NOFOLLOW` refuses a symlink at the path. */
const SMALL_FILE_FLAGS =
  fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0);

/**
 * Read a small regular file synchronously without ever blocking: a symlink, FIFO, socket or device, a file
 * above `maxBytes`, or any error gives `undefined`. Safe before the hook's deadline starts.
 */
export function readSmallFileSync(path: string, maxBytes: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(path, SMALL_FILE_FLAGS);
    const stats = fs.fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    const bytes = Buffer.alloc(stats.size);
    let length = 0;
    while (length < bytes.length) {
      const read = fs.readSync(fd, bytes, length, bytes.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return bytes.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
