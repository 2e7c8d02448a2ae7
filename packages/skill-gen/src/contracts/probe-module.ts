import { Worker } from 'node:worker_threads';

/** How a trial import of a module in a worker thread ended. */
export type ProbeOutcome =
  | { readonly kind: 'loaded' }
  | { readonly kind: 'threw'; readonly message: string }
  /** The module called `process.exit`. */
  | { readonly kind: 'exited'; readonly exitCode: number }
  /** The import stopped with nothing left to run: a top-level await that can never settle. */
  | { readonly kind: 'unsettled' }
  | { readonly kind: 'timeout' };

/** The worker: import the module, say how it went. Its output is captured, never shown. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const exit = process.exit;
process.exit = (code) => {
  parentPort.postMessage({ kind: 'exited', exitCode: Number(code ?? process.exitCode ?? 0) });
  exit(code);
};
import(workerData.url).then(
  () => parentPort.postMessage({ kind: 'loaded' }),
  (error) => parentPort.postMessage({
    kind: 'threw',
    message: error instanceof Error ? error.message : String(error),
  }),
);
`;

/**
 * Import `url` once in a worker thread and report how it went within `timeoutMs`. A worker can be
 * terminated whatever its module does (a `while (true) {}` included), so a module that never settles, loops
 * or exits cannot take the CLI with it; the worker is terminated as soon as the outcome is known, so timers
 * the module starts die with it.
 */
export function probeModule(url: string, timeoutMs: number): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(PROBE, { eval: true, workerData: { url }, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (outcome: ProbeOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate().catch(() => undefined);
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ kind: 'timeout' }), timeoutMs);
    worker.on('message', (outcome: ProbeOutcome) => settle(outcome));
    worker.on('error', (error) => settle({ kind: 'threw', message: error.message }));
    // Messages are delivered before 'exit': an exit with none is an import that could never finish.
    worker.on('exit', () => settle({ kind: 'unsettled' }));
  });
}
