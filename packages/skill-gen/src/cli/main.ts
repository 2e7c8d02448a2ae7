import { detectInvocation, processInvocationFacts, setInvocation } from './invocation.js';
import type { CliIo } from './io.js';
import { EXIT_INTERNAL, guardCommandProcess } from './process-exit.js';

/**
 * Run one command as this process: `run` gets the process's streams and returns the exit code; the
 * process ends with it once the output is flushed. A bug (a rejection that is no typed error) is printed
 * with its stack and exits 70. The bin's two paths (dist/cli.js, and the bundled `parse`) both end here.
 */
export function runCommandProcess(run: (io: CliIo) => Promise<number>): void {
  // Until the command completes, the exit code is a failure: see guardCommandProcess.
  const command = guardCommandProcess();
  setInvocation(detectInvocation(processInvocationFacts()));
  run({
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stdin: process.stdin,
    cwd: process.cwd(),
    env: process.env,
    interactive: process.stderr.isTTY === true,
  }).then(
    (code) => command.finish(code),
    (error: unknown) => {
      process.stderr.write(
        `skillpack: unexpected failure: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      command.finish(EXIT_INTERNAL);
    },
  );
}
