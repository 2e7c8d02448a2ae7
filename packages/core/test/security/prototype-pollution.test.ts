// `__proto__`, `constructor` and `prototype` keys in every JSON input of core reach no prototype.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinContracts } from '../../src/contracts.js';
import { safeParseJsonText, safeParseResultEnvelope } from '../../src/devflow/index.js';
import { findJsonCandidates } from '../../src/index.js';
import { ralphCompleteFromArgv, safeParseResultBlock } from '../../src/maestro/index.js';
import {
  renderZfEmitCommand,
  safeParseZfEmitCommand,
  safeParseZfEventLine,
  validateArtifactManifest,
} from '../../src/zaofu/index.js';
import { runs } from '../properties/_support/arbitraries.js';
import {
  expectPlainData,
  expectPrototypesUntouched,
  POLLUTING_JSON,
  prototypeSnapshot,
} from '../properties/_support/pollution.js';

const POLLUTING_MEMBERS = [
  '"__proto__":{"polluted":true}',
  '"constructor":{"prototype":{"polluted":true}}',
  '"prototype":{"polluted":true}',
  '"__proto__":null',
  '"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true}',
] as const;

/** `json` with a polluting member added to the object opened at the `nth` `{` (strings are never split). */
function withPollutingMember(json: string, nth: number, member: string): string {
  const opens: number[] = [];
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') opens.push(i);
  }
  if (opens.length === 0) return json;
  const at = opens[nth % opens.length]! + 1;
  return `${json.slice(0, at)}${member}${json[at] === '}' ? '' : ','}${json.slice(at)}`;
}

const CONTRACTS = builtinContracts.list().map((contract) => [contract.id, contract] as const);

describe.each(CONTRACTS)('%s: polluting keys in payloads', (_id, contract) => {
  it('neither validate nor extract reaches a prototype, and values stay plain data', () => {
    const before = prototypeSnapshot();
    const texts = contract.examples.map((example) => JSON.stringify(example.value));
    fc.assert(
      fc.property(
        fc.constantFrom(...texts),
        fc.nat(),
        fc.constantFrom(...POLLUTING_MEMBERS),
        (json, nth, member) => {
          const polluted = withPollutingMember(json, nth, member);
          for (const result of [
            contract.validate(JSON.parse(polluted)),
            contract.extract(polluted),
            contract.extract(`\`\`\`json\n${polluted}\n\`\`\``),
            contract.extract(renderZfEmitCommand('gate.failed', JSON.parse(polluted))),
          ]) {
            if (result.success) expectPlainData(result.data);
            else expect(() => JSON.stringify(result.error)).not.toThrow();
          }
          expectPrototypesUntouched(before);
        },
      ),
      runs(100),
    );
  });
});

/** Every other JSON input of core, each handed the polluting documents. */
const JSON_INPUTS: readonly (readonly [string, (json: string) => unknown])[] = [
  ['findJsonCandidates', (json) => findJsonCandidates(`${json}\n\`\`\`json\n${json}\n\`\`\``)],
  [
    'safeParseZfEventLine (payload)',
    (json) => safeParseZfEventLine(`{"type":"t","id":"i","ts":"x","payload":${json}}`),
  ],
  ['safeParseZfEventLine (envelope)', (json) => safeParseZfEventLine(json)],
  [
    'safeParseZfEmitCommand',
    (json) => safeParseZfEmitCommand(`zf emit t --payload '${json}' --dispatch-id d`),
  ],
  [
    'validateArtifactManifest',
    (json) => validateArtifactManifest(JSON.parse(json), { projectRoot: '/p', stateDir: '.zf' }),
  ],
  ['safeParseJsonText', (json) => safeParseJsonText(json)],
  ['safeParseResultEnvelope', (json) => safeParseResultEnvelope(json)],
  [
    'ralph session (status.json)',
    (json) =>
      ralphCompleteFromArgv(JSON.parse(json), ['1', '--status', 'DONE'], { now: '2026-01-01T00:00:00Z' }),
  ],
  [
    'maestro SIGNALS',
    (json) =>
      safeParseResultBlock(
        `---RESULT---\nSTATUS: DONE\nSIGNALS: __proto__=${json};constructor=x;prototype=y\n---END---`,
      ),
  ],
];

describe.each(JSON_INPUTS)('%s: polluting keys', (_name, parse) => {
  it.each(POLLUTING_JSON)('%s reaches no prototype and comes back as plain data', (json) => {
    const before = prototypeSnapshot();
    const result = parse(json);
    expectPlainData(result);
    expectPrototypesUntouched(before);
  });
});

describe('maestro SIGNALS', () => {
  it('drops a __proto__ signal with a warning and keeps constructor/prototype as plain own keys', () => {
    const result = safeParseResultBlock(
      '---RESULT---\nSTATUS: DONE\nSUMMARY: Done\nSIGNALS: __proto__=x;constructor=y;a=b\n---END---',
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(Object.getPrototypeOf(result.data.SIGNALS)).toBe(Object.prototype);
    expect(Object.keys(result.data.SIGNALS)).toEqual(['constructor', 'a']);
    expect(result.warnings?.map((warning) => warning.code)).toContain('unsafe_signal_key');
  });
});
