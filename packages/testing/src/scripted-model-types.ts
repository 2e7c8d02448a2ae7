import type { ModelRequest } from './model-request.js';
import type { ReplyRule } from './when.js';

/** Options of `createScriptedModel`: the reply rules, the port, and the largest request body. */
export interface ScriptedModelOptions {
  /** The script: the first rule whose condition holds answers a request; none matching answers HTTP 500. */
  readonly replies: readonly ReplyRule[];
  /** Port on 127.0.0.1; default 0 (a free port chosen by the system). */
  readonly port?: number;
  /** Largest request body accepted, in bytes (default 64 MiB); larger ones are answered 413. */
  readonly maxBodyBytes?: number;
}

/** A running scripted model server. */
export interface ScriptedModel extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`; the APIs live under `/v1` (Gemini's under `/v1beta/models`). */
  readonly url: string;
  readonly port: number;
  /** Every request received, in arrival order; a live view. */
  readonly requests: readonly ModelRequest[];
  /** Stop listening and drop open connections; resolves when the server has closed. Safe to call twice. */
  close(): Promise<void>;
}
