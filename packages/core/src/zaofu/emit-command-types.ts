import type { Result } from '../result.js';
import type { JsonObject } from '../text/json-line.js';
import type { ZaofuProtocolError } from './error-codes.js';

/** One `zf emit <type> [--payload JSON | --payload-file PATH|-] [--task] [--actor] [--dispatch-id]` call. */
export interface ZfEmitCommand {
  readonly type: string;
  /**
   * The payload as the kernel records it (`--dispatch-id` written into `dispatch_id`); `{}` without a payload
   * option, `null` when it is read from a file or from stdin the command string does not contain.
   */
  readonly payload: JsonObject | null;
  readonly task: string | null;
  readonly actor: string | null;
  readonly dispatchId: string | null;
  readonly stateDir: string | null;
  /** `--payload-file` as written (`-` = stdin); never read. */
  readonly payloadFile?: string;
}

/** A `zf emit` call found in a longer string, with its offsets. */
export interface FoundZfEmitCommand {
  readonly result: Result<ZfEmitCommand, ZaofuProtocolError>;
  readonly start: number;
  readonly end: number;
}
