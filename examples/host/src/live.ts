import { execFile } from 'node:child_process';
import { isRuntimeId } from '@skillpack/adapters';
import type { AcceptanceFinding } from '@skillpack/core/conflux';
import { renderFindingLine } from '@skillpack/core/conflux';
import { acceptChange } from './accept-change.js';

/** What `--live` was given: the runtime whose real CLI runs, the worktree, the change, the repair command. */
export interface LiveOptions {
  readonly runtime: string;
  readonly cwd: string;
  readonly changeId: string;
  /** A shell command run in the worktree for each repair, with the findings as JSON in `SKILLPACK_FINDINGS`. */
  readonly repairCommand: string | undefined;
}

function runRepair(command: string, cwd: string, findings: readonly AcceptanceFinding[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'sh',
      ['-c', command],
      { cwd, env: { ...process.env, SKILLPACK_FINDINGS: JSON.stringify(findings) } },
      (error) => (error ? reject(new Error(`repair command failed: ${error.message}`)) : resolve()),
    );
  });
}

/**
 * The live mode: the README's acceptance loop through the real CLI (`runContract`), printing each repair it
 * dispatches and the outcome. Returns the exit code: 0 accepted, 1 anything else.
 */
export async function runLive(options: LiveOptions, write: (line: string) => void): Promise<number> {
  if (!isRuntimeId(options.runtime)) {
    write(`host: --live expects claude-code, codex or opencode; received ${JSON.stringify(options.runtime)}`);
    return 2;
  }
  const outcome = await acceptChange({
    runtime: options.runtime,
    cwd: options.cwd,
    changeId: options.changeId,
    repair: async (findings) => {
      write(`repair: ${findings.map(renderFindingLine).join(' || ')}`);
      if (options.repairCommand) await runRepair(options.repairCommand, options.cwd, findings);
    },
  });
  switch (outcome.outcome) {
    case 'accepted':
      write(`accepted change ${options.changeId} after ${outcome.cycle + 1} acceptance run(s)`);
      return 0;
    case 'held':
      write(`held: ${outcome.blocker.unblock_condition} (gating agrees: ${outcome.gatingAgrees})`);
      return 1;
    case 'stalled':
      write(`stalled: ${outcome.reason}`);
      return 1;
    case 'error':
      write(`error: ${outcome.error.code}: ${outcome.error.message}`);
      return 1;
  }
}
