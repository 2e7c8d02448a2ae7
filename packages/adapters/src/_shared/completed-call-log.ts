import type { ContractToolCall } from '@skillpack/core';
import type { AgentRun } from '../agent-run.js';
import { isJsonExact } from './json-exact.js';

const CHUNK_BYTES = 64 * 1024;
const HEADER_BYTES = 8;
const COMPLETED_CALLS = Symbol.for('skillpack.completedToolCalls');

/**
 * Every call a run completed, as a contract's tool-call channel reads it (name and input), in the order the
 * calls began, whatever `keepTools` lists. Each is held as one JSON record in buffers outside V8's heap, so a
 * long run's calls neither survive scavenges nor grow the young generation (bench/README, `rss42`); an input
 * JSON would not give back unchanged (`isJsonExact`) is kept as it is instead.
 */
export class CompletedCallLog {
  private readonly chunks: Buffer[] = [];
  // Bytes used of each chunk but the last, whose count is `offset`.
  private readonly chunkEnds: number[] = [];
  private chunk: Buffer | undefined;
  private offset = 0;
  private lastSeq = -1;
  private inOrder = true;
  // Inputs kept as they are (their record is `[name]`), by the sequence number of their call.
  private readonly keptInputs = new Map<number, unknown>();

  /** Record the call that began `seq`-th (0 first), now completed. */
  add(seq: number, name: string, input: unknown): void {
    let json: string;
    if (input === undefined) json = JSON.stringify([name]);
    else if (isJsonExact(input)) json = JSON.stringify([name, input]);
    else {
      this.keptInputs.set(seq, input);
      json = JSON.stringify([name]);
    }
    const room = HEADER_BYTES + json.length * 3;
    if (this.chunk === undefined || this.offset + room > this.chunk.length) {
      if (this.chunk !== undefined) this.chunkEnds.push(this.offset);
      this.chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, room));
      this.chunks.push(this.chunk);
      this.offset = 0;
    }
    const bytes = this.chunk.write(json, this.offset + HEADER_BYTES, 'utf8');
    this.chunk.writeUInt32LE(seq, this.offset);
    this.chunk.writeUInt32LE(bytes, this.offset + 4);
    this.offset += HEADER_BYTES + bytes;
    if (seq < this.lastSeq) this.inOrder = false;
    this.lastSeq = seq;
  }

  /** The calls, decoded anew on each call: `{ name, input, status: 'completed' }`, oldest first. */
  calls(): ContractToolCall[] {
    const records: { seq: number; call: ContractToolCall }[] = [];
    for (const [index, chunk] of this.chunks.entries()) {
      const end = this.chunkEnds[index] ?? this.offset;
      let at = 0;
      while (at < end) {
        const bytes = chunk.readUInt32LE(at + 4);
        const seq = chunk.readUInt32LE(at);
        const [name, ...input] = JSON.parse(
          chunk.toString('utf8', at + HEADER_BYTES, at + HEADER_BYTES + bytes),
        ) as [string, unknown?];
        const value = input.length > 0 ? input[0] : this.keptInputs.get(seq);
        records.push({ seq, call: { name, input: value, status: 'completed' } });
        at += HEADER_BYTES + bytes;
      }
    }
    if (!this.inOrder) records.sort((a, b) => a.seq - b.seq);
    return records.map((record) => record.call);
  }
}

/** Give `run` its log (a hidden property, so that a copy of the run falls back to its `tools`). */
export function attachCompletedCalls(run: AgentRun, log: CompletedCallLog): void {
  Object.defineProperty(run, COMPLETED_CALLS, { value: () => log.calls() });
}

/**
 * The calls a contract's `readToolCalls` is given: every call the run completed when the reader logged them
 * (`keepTools` a bound), else the run's `tools` (all of them, none, or a run built by hand).
 */
export function contractToolCalls(run: AgentRun): readonly ContractToolCall[] {
  const logged = (run as unknown as Record<symbol, unknown>)[COMPLETED_CALLS];
  return typeof logged === 'function' ? (logged as () => ContractToolCall[])() : run.tools;
}
