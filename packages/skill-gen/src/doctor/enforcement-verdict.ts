import type { DoctorCheck } from './report.js';

/** What one proving run showed, reduced to what the verdict needs. */
export interface ProofRun {
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly stderr: string;
  /** The last user message or tool result of each model request that declared tools, in order. */
  readonly lastMessages: readonly string[];
  readonly finish: string;
  readonly finalText: string | undefined;
}

export interface ProofScript {
  readonly contractId: string;
  readonly wrong: string;
  readonly right: string;
  readonly mutation: string;
  readonly correction: string;
}

/** Undo the XML escaping Codex 0.169 applies to a hook's reason inside `<hook_prompt>`. */
function unescapeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

const clip = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

/**
 * The enforcement check of one hooked contract from one proving run: `enforced` only when the wrong answer
 * was pushed back with the contract's own correction in the very next model request, and the right answer
 * then ended a complete run with exit 0 and no further request. `why` explains a wrong answer the run let
 * through (it comes from the install form, not from the run). Pure.
 */
export function enforcementVerdict(run: ProofRun, script: ProofScript, why: () => string): DoctorCheck {
  const fail = (detail: string): DoctorCheck => ({
    kind: 'enforcement',
    name: script.contractId,
    status: 'not_enforced',
    detail,
  });
  if (run.timedOut) return fail('the CLI did not finish in time (killed)');
  if (run.lastMessages.length === 0)
    return fail(
      `the CLI never called the scripted model (exit ${run.exitCode}): ${clip(run.stderr, 300) || 'no stderr'}`,
    );
  if (run.lastMessages.length === 1)
    return fail(`a wrong answer (${script.mutation}) was not pushed back: the run ended after it. ${why()}`);
  const next = unescapeXml(run.lastMessages[1]!);
  if (!next.includes(script.correction))
    return fail(
      `a wrong answer (${script.mutation}) was followed by another request, but without the contract's correction; it ended with: ${clip(next)}`,
    );
  if (run.lastMessages.length > 2)
    return fail(
      `the wrong answer was pushed back, but the right answer was pushed back too (${run.lastMessages.length} model requests); the last ended with: ${clip(unescapeXml(run.lastMessages.at(-1)!))}`,
    );
  if (run.exitCode !== 0 || run.finish !== 'complete' || run.finalText?.trim() !== script.right.trim())
    return fail(
      `the wrong answer was pushed back, but the run did not end on the right answer (exit ${run.exitCode}, finish ${run.finish}, final message ${JSON.stringify(clip(run.finalText ?? '', 80))})`,
    );
  return {
    kind: 'enforcement',
    name: script.contractId,
    status: 'enforced',
    detail: `in a real headless run, a wrong answer (${script.mutation}) was pushed back with the contract's correction and the right answer ended the run`,
  };
}
