import { detectInvocation, processInvocationFacts, setInvocation } from './invocation.js';
import type { CliIo } from './io.js';
import { EXIT_INTERNAL, guardCommandProcess } from './process-exit.js';
import { processOutput } from './process-output.js';
import { stdinChunks } from './stdin-chunks.js';

/**
 * Run one command as this process: `run` gets the process's input and output and returns the exit code; the
 * process ends with it once the output is flushed. A bug (a rejection that is no typed error) is printed
 * with its stack and exits 70. The bin's two paths (dist/cli.js, and the bundled `parse`) both end here.
 */
export function runCommandProcess(run: (io: CliIo) => Promise<number>): void {
  const stdout = processOutput(1, () => process.stdout);
  const stderr = processOutput(2, () => process.stderr);
  // Until the command completes, the exit code is a failure: see guardCommandProcess.
  const command = guardCommandProcess(process, (done) => stdout.flush(() => stderr.flush(done)));
  setInvocation(detectInvocation(processInvocationFacts()));
  run({
    stdout: (text) => stdout.write(text),
    stderr: (text) => stderr.write(text),
    stdin: stdinChunks(),
    cwd: process.cwd(),
    env: process.env,
    // Read when a command asks: `process.stderr` is a stream to create.
    get interactive() {
      return process.stderr.isTTY === true;
    },
  }).then(
    (code) => command.finish(code),
    (error: unknown) => {
      stderr.write(
        `skillpack: unexpected failure: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      command.finish(EXIT_INTERNAL);
    },
  );
}
