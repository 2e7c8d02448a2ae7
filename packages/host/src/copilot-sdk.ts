export type {
  CopilotContract,
  CopilotContractOptions,
  CopilotStopBlock,
} from './runtimes/copilot-cli/sdk.js';
export { COPILOT_STOP_BLOCK_CAP, copilotContract } from './runtimes/copilot-cli/sdk.js';
