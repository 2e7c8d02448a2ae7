import {
  type BuildOptions,
  type BuildResult,
  buildPackFor,
  type CheckResult,
  checkPackFor,
} from '../pack/build-pack.js';
import type { PackRequest } from '../pack/pack-request.js';
import { type PackPlan, planPackFor } from '../pack/plan-pack.js';
import { SKILL_GEN_RUNTIMES } from './registry.js';

// The pack engine bound to the registry: what the package entry and the CLI commands call.

/** `skillpack build`: load, render every target and write the pack with its manifest. */
export function buildPack(request: PackRequest = {}, options: BuildOptions = {}): Promise<BuildResult> {
  return buildPackFor(SKILL_GEN_RUNTIMES, request, options);
}

/** `skillpack check`: rebuild in memory and compare with the pack on disk and its manifest. */
export function checkPack(request: PackRequest = {}): Promise<CheckResult> {
  return checkPackFor(SKILL_GEN_RUNTIMES, request);
}

/**
 * The files a build of `request` reads, found the way `loadPack` finds them, without running a contract
 * module, reading type references or bundling hooks: cheap enough for a task graph (the Nx plugin) to call
 * per pack. It reads the config, the skill sources and the templates, and compiles the contract modules
 * (esbuild, nothing executed) to list what they import. A config or source mistake throws as the build would.
 */
export function planPack(request: PackRequest = {}): Promise<PackPlan> {
  return planPackFor(SKILL_GEN_RUNTIMES, request);
}
