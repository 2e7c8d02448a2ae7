/**
 * What a generated pack's MCP submit server is bundled from (by `skillpack build`, for a pack whose skills
 * speak a contract delivered as a tool): one stdio server, one submit tool per such contract.
 *
 * @internal Plumbing for skill-gen's pack bundles, not public API: it may change in any release.
 */

export { createSubmitServer, SUBMIT_SERVER_NAME, startSubmitServer } from './mcp/submit-server.js';
export type { SubmitAnswer, SubmitTool } from './mcp/submit-tools.js';
export { answerSubmit, submitTools } from './mcp/submit-tools.js';
