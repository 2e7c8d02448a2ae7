/**
 * A kill switch for crash tests: with `SKILLPACK_TEST_KILL_AT=N` the process kills itself (SIGKILL) at the
 * N-th file-system change an install or uninstall makes. Inert when the variable is unset.
 */
const killAt = Number.parseInt(process.env.SKILLPACK_TEST_KILL_AT ?? '', 10);
let changes = 0;

/** Call before every write, rename, unlink, mkdir and rmdir of an install, uninstall or recovery. */
export function beforeChange(): void {
  if (Number.isSafeInteger(killAt) && killAt > 0 && ++changes === killAt)
    process.kill(process.pid, 'SIGKILL');
}
