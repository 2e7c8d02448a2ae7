import { findJsonCandidates } from '@skillpack/core';

/** Per contract id a pack carries, the predicate its build generated from the schema (`null`: it falls back to zod). */
export type ContractValidators = Readonly<Record<string, ((value: unknown) => boolean) | null>>;

/**
 * The first of the contracts `ids` the build's validators prove `text` satisfies, with no contract loaded:
 * every id has an entry, and some JSON object of the text (found as core's default `extract` finds them)
 * is accepted by the contract's predicate. `undefined` means only the whole check can answer. Pure.
 */
export function provenContract(
  validators: ContractValidators,
  ids: readonly string[],
  text: string,
): string | undefined {
  const predicates = ids.map((id) => (Object.hasOwn(validators, id) ? validators[id] : undefined));
  if (predicates.includes(undefined)) return undefined;
  // A contract read by its schema alone takes any JSON object of the text its schema accepts (core's
  // `extractLastJsonPayload`, the default extract, which finds them the same way and then picks one).
  const candidates = findJsonCandidates(text, { shapes: 'all' });
  return ids.find((_, index) => {
    const accepts = predicates[index];
    return accepts && candidates.some((candidate) => accepts(candidate.value));
  });
}
