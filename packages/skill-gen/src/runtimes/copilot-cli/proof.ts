import type { RuntimeProof } from '../../doctor/proof-kit.js';
import { copilotTrustDetail, isTrustedFolder, stageCopilotTrust } from './probe.js';

/** Copilot CLI's proof. */
export const copilotCliProof: RuntimeProof = {
  // Copilot skips an untrusted project's hooks silently: say so instead of proving a copy that is trusted.
  preflight: async (install, context) =>
    install.scope === 'project' && !(await isTrustedFolder(context.cwd, context.env))
      ? { kind: 'blocked', detail: copilotTrustDetail(context.cwd) }
      : { kind: 'run' },
  stageProjectHome: (_install, _cli, copy, stage) => stageCopilotTrust(copy, stage),
  why: async () => "Copilot did not run this pack's agentStop hook for the answer.",
};
