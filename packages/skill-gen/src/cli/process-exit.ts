/** The exit code of a run that did not finish: an internal error (`EX_SOFTWARE`), never 0. */
export const EXIT_INTERNAL = 70;

/** What the process says when its event loop drained (or something called `process.exit`) mid-command. */
export function unfinishedMessage(exitCode: number | string | undefined): string {
  return `skillpack: internal error: the command stopped before it finished (Node was about to exit with code ${
    exitCode ?? 0
  }: nothing was left to run while the command still waited, for example on a contract module whose top-level await never settles). Nothing it printed is a result.\n`;
}

export interface CommandProcess {
  /** Record the command's exit code, flush stdout and stderr, and end the process. */
  finish(code: number): void;
}

/**
 * Guard a process that runs one command: until `finish` is called its exit code is a failure, so the
 * process never exits 0 (nor 13, a pending top-level await) unless the command completed: a drained event
 * loop or a stray `process.exit` becomes exit 70 with a message. `finish` exits as soon as the output is
 * flushed (`flush`; by default an empty write to stdout, then stderr, whose callback runs once everything
 * written before it is), so a timer or a socket a contract module left open does not keep the CLI alive.
 */
export function guardCommandProcess(
  proc: NodeJS.Process = process,
  flush: (done: () => void) => void = (done) => proc.stdout.write('', () => proc.stderr.write('', done)),
): CommandProcess {
  let finished = false;
  proc.exitCode = EXIT_INTERNAL;
  proc.on('exit', (code) => {
    if (finished) return;
    proc.stderr.write(unfinishedMessage(code));
    proc.exitCode = EXIT_INTERNAL;
  });
  return {
    finish(code) {
      finished = true;
      proc.exitCode = code;
      flush(() => proc.exit(code));
    },
  };
}
