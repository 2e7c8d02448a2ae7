import type { ContractResult, ExtractOptions } from './contract.js';
import { ProtocolError } from './errors.js';
import { fail, ok, type Warning } from './result.js';
import { findJsonCandidates, type JsonCandidate } from './text/json-candidates.js';
import { runNotCompleteOf } from './text/unwrap.js';

function stableJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * The default `extract` of a contract: a JSON object in the agent's final message that validates. Objects
 * are found alone on a line, pretty-printed over several lines, in a fenced `json` block, after prose on a
 * line or in inline code (`findJsonCandidates` with `shapes: 'all'`). Precedence: an object written on its
 * own (line, block, fence) wins over one inside prose; among those, the last one that validates wins, since
 * an answer's conclusion comes last. When more than one different object validates, the result carries a
 * `several_candidates` warning. With none valid, the error of the last candidate that shares a key with the
 * schema, else of the last candidate, else `missing_payload`.
 */
export function extractLastJsonPayload<T>(id: string, validate: (value: unknown) => ContractResult<T>) {
  return (text: string, options: ExtractOptions): ContractResult<T> => {
    const candidates = findJsonCandidates(typeof text === 'string' ? text : '', {
      unwrapLine: options.unwrapLine,
      shapes: 'all',
    });
    const notComplete = runNotCompleteOf(options.unwrapLine);
    if (notComplete) return fail(notComplete);
    const ranked = [
      ...candidates.filter((candidate) => candidate.origin === 'inline'),
      ...candidates.filter((candidate) => candidate.origin !== 'inline'),
    ];
    let chosen: { result: ContractResult<T>; candidate: JsonCandidate } | undefined;
    let lastFailure: ContractResult<T> | undefined;
    // The last failure of an object that looks like this contract's (shares a key), before any other.
    let lastRelated: ContractResult<T> | undefined;
    const valid = new Set<string>();
    for (let i = ranked.length - 1; i >= 0; i--) {
      const candidate = ranked[i]!;
      const result = validate(candidate.value);
      if (!result.success) {
        lastFailure ??= result;
        if (result.error.details.unrelated !== true) lastRelated ??= result;
        continue;
      }
      valid.add(stableJson(result.data));
      chosen ??= { result, candidate };
    }
    if (!chosen) {
      return (
        lastRelated ??
        lastFailure ??
        fail(
          new ProtocolError(
            'missing_payload',
            `No JSON object for ${id} was found in the agent's message; expected one alone on a line or in a \`\`\`json block.`,
            { details: { contract: id } },
          ),
        )
      );
    }
    const { result, candidate } = chosen;
    if (valid.size < 2 || !result.success) return result;
    const warning: Warning = {
      code: 'several_candidates',
      message: `${valid.size} different JSON objects in the message satisfy ${id}; read the last one written on its own (${candidate.origin}).`,
      details: { contract: id, count: valid.size, origin: candidate.origin },
    };
    return ok(result.data, [...(result.warnings ?? []), warning]);
  };
}
