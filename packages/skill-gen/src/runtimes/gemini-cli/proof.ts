import type { RuntimeProof } from '../../doctor/proof-kit.js';

/** Gemini CLI's proof. */
export const geminiCliProof: RuntimeProof = {
  // Headless Gemini CLI runs nothing in an untrusted folder (exit 55): the original's trust decides.
  preflight: async (install, context) => {
    if (install.scope === 'user') return { kind: 'run' };
    const { geminiTrustOf } = await import('./probe.js');
    const trust = await geminiTrustOf(context.cwd, context.env);
    return trust.trusted ? { kind: 'run' } : { kind: 'blocked', detail: `not trusted: ${trust.detail}` };
  },
  why: async () =>
    "Gemini CLI did not run this pack's AfterAgent hook for the answer (is its entry still in .gemini/settings.json?).",
};
