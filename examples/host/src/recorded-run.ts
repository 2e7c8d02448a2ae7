import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AgentRun, readAgentRun } from '@skillpack/adapters';

/** One recorded agent run: its raw stdout bytes and the runtime-neutral run read from them. */
export interface RecordedRun {
  /** Path relative to the runs folder, as decisions name it. */
  readonly source: string;
  readonly bytes: Uint8Array;
  readonly run: AgentRun;
}

/** Read a recorded stdout (Claude Code stream JSON, Codex exec JSON or OpenCode run JSON), runtime detected. */
export async function readRecordedRun(runsDir: string, source: string): Promise<RecordedRun> {
  const bytes = await readFile(join(runsDir, source));
  // Every call listed: the host reads the event id each `zf emit` printed from its call (`run.tools`).
  const run = await readAgentRun(bytes, { runtime: 'auto', keepTools: true });
  return { source, bytes, run };
}

/** The non-blank lines of a recorded text file (a changed-file list). */
export async function readLines(runsDir: string, source: string): Promise<string[]> {
  const text = await readFile(join(runsDir, source), 'utf8');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

/** A recorded JSON document (a session file, verification declarations). */
export async function readJson(runsDir: string, source: string): Promise<unknown> {
  return JSON.parse(await readFile(join(runsDir, source), 'utf8'));
}

/** Why a run's final answer cannot be trusted as complete, or `undefined` when it ended normally. */
export function incompleteRun(run: AgentRun): string | undefined {
  if (run.problems.length > 0) return run.problems.map((problem) => problem.message).join(' ');
  if (run.finish === 'complete') return undefined;
  return `the run ended as "${run.finish}"${run.error ? ` (${run.error.code}: ${run.error.message})` : ''}`;
}
