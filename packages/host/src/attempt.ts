import type { AgentRun, RuntimeId, RunUsage } from '@skillpack/adapters';
import type { ProtocolError } from '@skillpack/core';

/** What a completed attempt's answer was worth: the value the contract read (if any) and why it refused it. */
export interface ContractCandidate {
  /** The value read but rejected by the contract (a fallback it derived), when there was one. */
  readonly value?: unknown;
  readonly error: ProtocolError;
  /** The run's final message the candidate was read from. */
  readonly finalText: string | undefined;
}

/** How one attempt ended: its contract verdict, or the process/run failure that stopped the loop. */
export type AttemptOutcome = 'satisfied' | 'unsatisfied' | 'failed';

/**
 * One CLI process of a `runContract` call: what was sent, how the process ended and what its run says. The SDK
 * hosts record one per answer (each corrected one, then the final one), with the SDK call as `command`, no
 * `pid`, `exitCode` and `signal` `null`, and an empty `stderrTail`; the answers of one SDK run share its `run`,
 * and only the last carries its usage.
 */
export interface AttemptRecord {
  /** 1-based. */
  readonly index: number;
  /** The runtime whose CLI ran. */
  readonly runtime: RuntimeId;
  /** The contract asked for. */
  readonly contractId: string;
  /** The executable and its arguments as spawned; for an SDK host, the SDK's package and its call. */
  readonly command: readonly [string, ...string[]];
  /** The process id, which is also the id of the process group killed on timeout or abort. */
  readonly pid: number | undefined;
  /** The text this attempt sent: the prompt for the first, the correction for the others. */
  readonly input: string;
  /** The contract's correction this attempt sent (attempts after the first); `undefined` for the first. */
  readonly correction: string | undefined;
  /** The session this attempt ran in, as its run reported it. */
  readonly sessionId: string | undefined;
  /** The run read from stdout, as far as it got. */
  readonly run: AgentRun;
  readonly usage: RunUsage | undefined;
  readonly costUsd: number | undefined;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The last bytes of stderr (`stderrTailBytes`), as UTF-8. */
  readonly stderrTail: string;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  /** Whether the native structured-output option was passed. */
  readonly nativeSchema: boolean;
  readonly outcome: AttemptOutcome;
  /** Why the contract refused the answer (`unsatisfied`). */
  readonly contractError: ProtocolError | undefined;
  readonly startedAt: number;
  readonly endedAt: number;
}
