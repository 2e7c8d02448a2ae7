import type { Warning } from '@skillpack/core';
import { type CheckReport, comparePack } from './check-pack.js';
import { loadPack } from './load-pack.js';
import type { Manifest } from './manifest.js';
import type { PackReads } from './pack-reads.js';
import type { PackRequest } from './pack-request.js';
import type { PackRuntimes } from './pack-runtimes.js';
import { renderPack } from './render-pack.js';
import { type WriteReport, writePack } from './write-pack.js';

/** Options of `buildPack`: a dry run, and a progress callback. */
export interface BuildOptions {
  /** Render and compare, change nothing: the result says what a build would write and remove. */
  readonly dryRun?: boolean;
  /** Called as the build goes: `rendering <target>` per target, then `writing` per file. */
  readonly onProgress?: (step: string, done: number, total: number) => void;
}

/** What `buildPack` wrote (or would write) and removed, with the pack's manifest and the build's warnings. */
export interface BuildResult extends WriteReport {
  readonly outDir: string;
  readonly manifest: Manifest;
  readonly warnings: readonly Warning[];
  /** What the build read: the files (relative to the request's `cwd`) and the packages it ran. */
  readonly reads: PackReads;
}

/**
 * `skillpack build` for the runtimes `runtimes` declares: load, render every target and write the pack with
 * its manifest.
 */
export async function buildPackFor(
  runtimes: PackRuntimes,
  request: PackRequest = {},
  options: BuildOptions = {},
): Promise<BuildResult> {
  const { onProgress } = options;
  const inputs = await loadPack(runtimes, request, onProgress && ((step) => onProgress(step, 0, 0)));
  const pack = renderPack(
    inputs,
    onProgress && ((target, done, total) => onProgress(`rendering ${target}`, done, total)),
  );
  const report = await writePack(inputs.outDir, pack, {
    ...(options.dryRun ? { dryRun: true } : {}),
    ...(onProgress ? { onFile: (done: number, total: number) => onProgress('writing', done, total) } : {}),
  });
  return {
    ...report,
    outDir: inputs.outDir,
    manifest: pack.manifest,
    warnings: pack.warnings,
    reads: inputs.reads,
  };
}

/** What `checkPack` found: whether the built pack matches its sources, and the drift if it does not. */
export interface CheckResult extends CheckReport {
  readonly outDir: string;
  readonly warnings: readonly Warning[];
}

/**
 * `skillpack check` for the runtimes `runtimes` declares: rebuild in memory and compare with the pack on disk
 * and its manifest.
 */
export async function checkPackFor(runtimes: PackRuntimes, request: PackRequest = {}): Promise<CheckResult> {
  const inputs = await loadPack(runtimes, request);
  const pack = renderPack(inputs);
  return { ...(await comparePack(inputs.outDir, pack)), outDir: inputs.outDir, warnings: pack.warnings };
}
