import type { HostErrorCode } from './host-error.js';
import type { SpawnedRun } from './spawn-run.js';

/** How one process ended, as far as the contract is concerned: a completed run, or a typed failure. */
export type ProcessVerdict =
  | { readonly kind: 'complete' }
  | { readonly kind: 'failed'; readonly code: HostErrorCode; readonly message: string };

function failed(code: HostErrorCode, message: string): ProcessVerdict {
  return { kind: 'failed', code, message };
}

const STDERR_LINE_LIMIT = 300;

/**
 * The last non-blank line the CLI wrote to stderr, without terminal colour codes and cut to 300 characters:
 * a CLI that exits non-zero often explains itself only there (why it refused to run, for one).
 */
function lastStderrLine(stderrTail: string): string | undefined {
  const lines = stderrTail.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').split(/\r?\n|\r/);
  const last = lines.map((line) => line.trim()).findLast((line) => line !== '');
  if (last === undefined) return undefined;
  return last.length > STDERR_LINE_LIMIT ? `${last.slice(0, STDERR_LINE_LIMIT)}…` : last;
}

/**
 * Classify an ended process, the runner's own stops first, then what the process and its run say. Only a
 * run that exited 0 and whose reader says `complete` may be read for the contract (the one-answer rule):
 * a non-zero exit or a signal makes even a run that looks complete a failure. `exitCodes` are the runtime's
 * documented exit codes (`HostRuntime.exitCodes`), named in the `exit_nonzero` message.
 */
export function classifyProcess(
  spawned: SpawnedRun,
  bin: string,
  exitCodes: Readonly<Record<number, string>> = {},
): ProcessVerdict {
  const { run } = spawned;
  if (spawned.spawnError) {
    return failed(
      'cli_not_found',
      `Could not start ${JSON.stringify(bin)} (${spawned.spawnError.code ?? spawned.spawnError.message}); install the CLI or pass its path as \`bin\`.`,
    );
  }
  if (spawned.aborted) return failed('aborted', 'The run was aborted; its process group was killed.');
  if (spawned.timedOut) return failed('timeout', 'The run passed timeoutMs; its process group was killed.');
  if (run.finish === 'error') {
    const why = run.error ? `${run.error.code}: ${run.error.message}` : 'no detail';
    return failed('api_error', `The run reported an error (${why}).`);
  }
  if (spawned.signal !== null) {
    return failed('killed_by_signal', `The CLI was killed by ${spawned.signal}.`);
  }
  if (spawned.exitCode !== 0) {
    const meaning = spawned.exitCode === null ? undefined : exitCodes[spawned.exitCode];
    const why = meaning ? `: ${meaning}` : '';
    const said = lastStderrLine(spawned.stderrTail);
    const stderr = said === undefined ? '' : ` Its last stderr line: ${JSON.stringify(said)}.`;
    return failed('exit_nonzero', `The CLI exited with code ${spawned.exitCode}${why}.${stderr}`);
  }
  if (run.finish === 'truncated') {
    return failed(
      'truncated',
      `The output stopped before the run's terminal event (${run.error?.code ?? 'cut'}).`,
    );
  }
  if (run.finish !== 'complete') {
    const why = run.error ? ` (${run.error.code}: ${run.error.message})` : '';
    return failed('run_incomplete', `The run ended as "${run.finish}"${why}, not complete.`);
  }
  return { kind: 'complete' };
}
