import { describe, expect, it } from 'vitest';
import { conformanceListing } from './_cases.js';

/** The conformance files this suite reads (see _cases.ts); a new upstream file must be wired in. */
const READ_BY_TESTS = [
  'arguments_cases.json',
  'handshake_cases.json',
  'method_profile_cases.json',
  'node_payload_cases.json',
  'protocol_cases.json',
];

describe('conformance folder conformance/devflow', () => {
  const { files, readme } = conformanceListing();

  it('contains exactly the README and the files the suite reads', () => {
    expect(files).toEqual(['README.md', ...READ_BY_TESTS]);
  });

  it('names every file in its README table', () => {
    for (const file of READ_BY_TESTS) expect(readme).toContain(`\`${file}\``);
  });

  it('pins the upstream tag the data was taken from', () => {
    expect(readme).toContain('a749143b74d786cfc7c864155897984481c1d24b');
  });
});
