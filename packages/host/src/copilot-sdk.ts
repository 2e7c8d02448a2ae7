export type {
  CopilotContract,
  CopilotContractOptions,
  CopilotStopBlock,
} from './runtimes/copilot-cli/sdk.js';
export { copilotContract } from './runtimes/copilot-cli/sdk.js';
