import { findJsonCandidates } from '@skillpack/core';

/**
 * How a contract is read with nothing loaded: a predicate generated from its schema, which a JSON object of
 * the text must pass; or the contract's own zod-free read of the whole text (`satisfiedBy`, core's
 * `PlainRead`); `null` for a contract only the whole check can read (it falls back to zod).
 */
export type FastContractRead =
  | ((value: unknown) => boolean)
  | { readonly satisfiedBy: (text: string) => boolean }
  | null;

/** Per contract id a pack carries, how its build reads it with nothing loaded. */
export type ContractValidators = Readonly<Record<string, FastContractRead>>;

/**
 * The first of the contracts `ids` the build's reads prove `text` satisfies, with no contract loaded: every
 * id has an entry, and its plain read says satisfied, or some JSON object of the text (found as core's
 * default `extract` finds them) is accepted by its predicate. `undefined` means only the whole check can
 * answer. Pure.
 */
export function provenContract(
  validators: ContractValidators,
  ids: readonly string[],
  text: string,
): string | undefined {
  const reads = ids.map((id) => (Object.hasOwn(validators, id) ? validators[id] : undefined));
  if (reads.includes(undefined)) return undefined;
  let candidates: readonly { readonly value: unknown }[] | undefined;
  return ids.find((_, index) => {
    const read = reads[index];
    if (!read) return false;
    if (typeof read !== 'function') return read.satisfiedBy(text);
    // A contract read by its schema alone takes any JSON object of the text its schema accepts (core's
    // `extractLastJsonPayload`, the default extract, which finds them the same way and then picks one).
    candidates ??= findJsonCandidates(text, { shapes: 'all' });
    return candidates.some((candidate) => read(candidate.value));
  });
}
