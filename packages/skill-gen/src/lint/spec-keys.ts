/** The six keys of the Agent Skills spec; `skills-ref validate` rejects any other (runtimes.md §1.3). */
export const SPEC_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
] as const;
