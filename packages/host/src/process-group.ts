/** Send `signal` to every process of the group `pid` leads; a group that is gone already is fine. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group has no process left.
  }
}

/** Whether any process (a zombie included) is still in the group `pid` leads. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Wait until the group `pid` leads is empty, killing what is left, for at most `limitMs`. A helper the CLI
 * left becomes init's child when it dies; the wait covers the moment until init has reaped it, so a caller
 * sees no zombie of the run. Resolves `true` when the group is gone.
 */
export async function awaitGroupGone(pid: number | undefined, limitMs: number): Promise<boolean> {
  if (pid === undefined) return true;
  const until = Date.now() + limitMs;
  while (groupAlive(pid)) {
    if (Date.now() >= until) return false;
    killGroup(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
