import { type RuntimeProof, runAlways } from '../../doctor/proof-kit.js';

/** Qwen Code's proof. */
export const qwenCodeProof: RuntimeProof = {
  preflight: runAlways,
  why: async () =>
    "Qwen Code did not run this pack's Stop hook for the answer (is its entry in .qwen/settings.json?).",
  // After a push-back Qwen Code 0.24.4 prints both answers as one message with no separator, which its
  // reader refuses (`final_message_joined`); exactly the wrong answer followed by the right one is the
  // right answer ending the run.
  settle: (run, script) => {
    const last = run.messages.filter((message) => message.subagent !== true).at(-1)?.text;
    return run.error?.code === 'final_message_joined' && last === `${script.wrong}${script.right}`
      ? { finish: 'complete', finalText: script.right }
      : { finish: run.finish, finalText: run.finalText };
  },
};
