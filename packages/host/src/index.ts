export type { AttemptOutcome, AttemptRecord, ContractCandidate } from './attempt.js';
export type { HostErrorCode, HostErrorOptions } from './host-error.js';
export { HOST_ERROR_CODES, HostError } from './host-error.js';
export { contractInstructions } from './instructions.js';
export type { RunContractOptions, RunContractResult } from './run-contract.js';
export { runContract } from './run-contract.js';
export type {
  AttemptArgs,
  HostRuntime,
  NativeSchemaOption,
  ProvenVersions,
} from './runtimes/host-runtime.js';
export { HOST_RUNTIMES } from './runtimes/index.js';
export type { SpawnedRun, SpawnRunOptions } from './spawn-run.js';
export { spawnRun } from './spawn-run.js';
