import type { ContractToolCall } from '@skillpack/core';
import { type AgentRun, TOOL_STATUSES, type ToolStatus } from '../agent-run.js';
import { isJsonExact } from './json-exact.js';

const CHUNK_BYTES = 64 * 1024;
// Each record: the call's sequence number, its name's index in `names`, the byte length of its input's JSON
// (0: no JSON, the input is `undefined` or kept as it is), the byte length of its output (kept only for an
// `unconfirmed` call, whose output alone can show what it did), its status's index in `TOOL_STATUSES` with the
// subagent bit, then that JSON and that output.
const HEADER_BYTES = 17;
const SUBAGENT = 0x80;
const CONTRACT_CALLS = Symbol.for('skillpack.contractToolCalls');

/**
 * Every call a run settled (completed, unconfirmed, failed or declined), as a contract's tool-call channel reads
 * it: name, input, status, the output of an unconfirmed call (as the reader cut it), whether a subagent made it
 * and whether it came before the last prompt a person wrote, in the order the calls began, whatever `keepTools`
 * lists. Each input is held as JSON in buffers outside V8's heap, so a long run's calls neither survive scavenges
 * nor grow the young generation (bench/README, `rss42`); an input JSON would not give back unchanged
 * (`isJsonExact`) is kept as it is instead.
 */
export class ContractCallLog {
  private readonly chunks: Buffer[] = [];
  // Bytes used of each chunk but the last, whose count is `offset`.
  private readonly chunkEnds: number[] = [];
  private chunk: Buffer | undefined;
  private offset = 0;
  private lastSeq = -1;
  private inOrder = true;
  // Calls that began before this sequence number were made for an earlier prompt.
  private earlierThan = 0;
  private readonly names: string[] = [];
  private readonly nameIndexes = new Map<string, number>();
  // Inputs kept as they are, by the sequence number of their call.
  private readonly keptInputs = new Map<number, unknown>();

  /** Record the call that began `seq`-th (0 first), now settled, with its `output` as the reader cut it. */
  add(seq: number, call: ContractToolCall & { readonly status: ToolStatus }, output?: string): void {
    const { input } = call;
    let json = '';
    if (isJsonExact(input)) json = JSON.stringify(input);
    else if (input !== undefined) this.keptInputs.set(seq, input);
    const kept = call.status === 'unconfirmed' ? (output ?? '') : '';
    const room = HEADER_BYTES + (json.length + kept.length) * 3;
    if (this.chunk === undefined || this.offset + room > this.chunk.length) {
      if (this.chunk !== undefined) this.chunkEnds.push(this.offset);
      this.chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, room));
      this.chunks.push(this.chunk);
      this.offset = 0;
    }
    const start = this.offset + HEADER_BYTES;
    const bytes = json === '' ? 0 : this.chunk.write(json, start, 'utf8');
    const outputBytes = kept === '' ? 0 : this.chunk.write(kept, start + bytes, 'utf8');
    this.chunk.writeUInt32LE(seq, this.offset);
    this.chunk.writeUInt32LE(this.nameIndex(call.name), this.offset + 4);
    this.chunk.writeUInt32LE(bytes, this.offset + 8);
    this.chunk.writeUInt32LE(outputBytes, this.offset + 12);
    const flags = TOOL_STATUSES.indexOf(call.status) | (call.subagent === true ? SUBAGENT : 0);
    this.chunk.writeUInt8(flags, this.offset + 16);
    this.offset += HEADER_BYTES + bytes + outputBytes;
    if (seq < this.lastSeq) this.inOrder = false;
    this.lastSeq = seq;
  }

  /** A person wrote a prompt when `began` calls had begun: those answered earlier prompts. */
  personPrompted(began: number): void {
    this.earlierThan = began;
  }

  private nameIndex(name: string): number {
    let index = this.nameIndexes.get(name);
    if (index === undefined) {
      index = this.names.push(name) - 1;
      this.nameIndexes.set(name, index);
    }
    return index;
  }

  /** The calls, decoded anew on each call, oldest first; `subagent` and `earlierPrompt` only when true. */
  calls(): ContractToolCall[] {
    const records: { seq: number; call: ContractToolCall }[] = [];
    for (const [index, chunk] of this.chunks.entries()) {
      const end = this.chunkEnds[index] ?? this.offset;
      for (let at = 0; at < end; ) {
        const seq = chunk.readUInt32LE(at);
        const bytes = chunk.readUInt32LE(at + 8);
        const outputBytes = chunk.readUInt32LE(at + 12);
        const flags = chunk.readUInt8(at + 16);
        const start = at + HEADER_BYTES;
        const status = TOOL_STATUSES[flags & ~SUBAGENT]!;
        const call: ContractToolCall = {
          name: this.names[chunk.readUInt32LE(at + 4)]!,
          input:
            bytes === 0 ? this.keptInputs.get(seq) : JSON.parse(chunk.toString('utf8', start, start + bytes)),
          status,
          ...(status === 'unconfirmed'
            ? { output: chunk.toString('utf8', start + bytes, start + bytes + outputBytes) }
            : {}),
          ...((flags & SUBAGENT) !== 0 ? { subagent: true } : {}),
          ...(seq < this.earlierThan ? { earlierPrompt: true } : {}),
        };
        records.push({ seq, call });
        at = start + bytes + outputBytes;
      }
    }
    if (!this.inOrder) records.sort((a, b) => a.seq - b.seq);
    return records.map((record) => record.call);
  }
}

/** Give `run` its log (a hidden property, so that a copy of the run falls back to its `tools`). */
export function attachContractCalls(run: AgentRun, log: ContractCallLog): void {
  Object.defineProperty(run, CONTRACT_CALLS, { value: () => log.calls() });
}

/**
 * The calls a contract reads from `run`: every call the run settled when the reader logged them (`keepTools` not
 * `false`), else the run's `tools` (none, or a run built by hand).
 */
export function loggedOrListedCalls(run: AgentRun): readonly ContractToolCall[] {
  const logged = (run as unknown as Record<symbol, unknown>)[CONTRACT_CALLS];
  return typeof logged === 'function' ? (logged as () => ContractToolCall[])() : run.tools;
}
