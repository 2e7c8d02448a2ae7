/** Exit codes shared by every command: 0 ok, 1 the input is wrong, 2 usage or I/O. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
