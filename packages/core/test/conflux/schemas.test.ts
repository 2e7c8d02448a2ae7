import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ACCEPTANCE_EXAMPLES } from '../../src/conflux/examples.js';
import {
  type AcceptanceVerdict,
  type AcceptanceVerdictInput,
  acceptanceContract,
} from '../../src/conflux/index.js';
import {
  AcceptanceVerdictSchema,
  RepositoryPathSchema,
  VerificationDeclarationSchema,
} from '../../src/conflux/schemas.js';

const inputSchema = acceptanceContract.toJSONSchema({ io: 'input' });
const outputSchema = acceptanceContract.toJSONSchema();
const strictSchema = acceptanceContract.toJSONSchema({ variant: 'openai' });

function compile(schema: object) {
  return new Ajv2020({ strict: false }).compile(schema);
}

describe('AcceptanceVerdictSchema', () => {
  it('types the canonical verdict, with blocked accepted only on input', () => {
    expectTypeOf<AcceptanceVerdict['acceptance']>().toEqualTypeOf<'pass' | 'fail' | 'continue' | 'gated'>();
    expectTypeOf<AcceptanceVerdictInput['acceptance']>().toEqualTypeOf<
      'pass' | 'fail' | 'continue' | 'gated' | 'blocked'
    >();
  });

  it('reads blocked as gated', () => {
    const blocker = ACCEPTANCE_EXAMPLES.find((example) => example.name === 'gated')!.value;
    expect(AcceptanceVerdictSchema.parse({ ...blocker, acceptance: 'blocked' })).toEqual(blocker);
  });

  it.each([
    ['a bare gated verdict', { acceptance: 'gated' }],
    [
      'a blocker without unblock_condition',
      {
        acceptance: 'gated',
        blocker: { category: 'policy', evidence: ['e'], next_action: 'a', resumable: true },
      },
    ],
    [
      'an unknown category',
      {
        acceptance: 'gated',
        blocker: {
          category: 'flaky',
          evidence: ['e'],
          unblock_condition: 'u',
          next_action: 'a',
          resumable: true,
        },
      },
    ],
    ['untrimmed text', { acceptance: 'fail', findings: [' x '] }],
    ['a blank legacy finding', { acceptance: 'fail', findings: [''] }],
    [
      'an escaping path',
      {
        acceptance: 'fail',
        findings: [
          {
            id: 'a',
            severity: 'major',
            summary: 's',
            evidence: ['e'],
            required_changes: [{ file: '../x', description: 'd' }],
            verification: [{ file: 't', description: 'd' }],
          },
        ],
      },
    ],
    [
      'a non-normalised path',
      {
        acceptance: 'fail',
        findings: [
          {
            id: 'a',
            severity: 'major',
            summary: 's',
            evidence: ['e'],
            required_changes: [{ file: './x', description: 'd' }],
            verification: [{ file: 't', description: 'd' }],
          },
        ],
      },
    ],
    [
      'duplicate ids',
      {
        acceptance: 'fail',
        findings: [ACCEPTANCE_EXAMPLES[1]!.value, ACCEPTANCE_EXAMPLES[1]!.value].flatMap((v) =>
          v.acceptance === 'fail' ? v.findings : [],
        ),
      },
    ],
    ['an unknown key', { acceptance: 'pass', note: 'x' }],
    ['an upper-case kind', { acceptance: 'PASS' }],
  ])('rejects %s', (_label, value) => {
    expect(AcceptanceVerdictSchema.safeParse(value).success).toBe(false);
  });

  it('checks repository paths like the parser normalises them', () => {
    expect(RepositoryPathSchema.safeParse('src/a.rs:10').success).toBe(true);
    expect(RepositoryPathSchema.safeParse('C:/x').success).toBe(false);
  });
});

describe('JSON Schemas', () => {
  it('are stable', async () => {
    await expect(`${JSON.stringify(outputSchema, null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/acceptance-verdict.schema.json',
    );
    await expect(`${JSON.stringify(inputSchema, null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/acceptance-verdict.input.schema.json',
    );
  });

  it.each(ACCEPTANCE_EXAMPLES.map((example) => [example.name, example.value] as const))(
    'accept the %s example in every variant',
    (_name, value) => {
      for (const schema of [inputSchema, outputSchema]) expect(compile(schema)(value)).toBe(true);
      const nullable = JSON.parse(JSON.stringify(value, (_key, field) => field)) as Record<string, unknown>;
      if (value.acceptance === 'gated') {
        nullable.blocker = { prerequisite_owner: null, evidence_ids: null, ...value.blocker };
      }
      expect(compile(strictSchema)(nullable)).toBe(true);
    },
  );

  it('let producers write blocked on input only, and never a bare gated verdict', () => {
    const blocked = {
      ...ACCEPTANCE_EXAMPLES.find((example) => example.name === 'gated')!.value,
      acceptance: 'blocked',
    };
    expect(compile(inputSchema)(blocked)).toBe(true);
    expect(compile(outputSchema)(blocked)).toBe(false);
    for (const schema of [inputSchema, outputSchema, strictSchema]) {
      expect(compile(schema)({ acceptance: 'gated' })).toBe(false);
    }
  });
});

describe('VerificationDeclarationSchema', () => {
  it('reads the seed example, keeping unknown keys and defaulting prerequisites', () => {
    expect(
      VerificationDeclarationSchema.parse({
        id: 'qr-encode-unit',
        phase: 'pre-integration',
        execution_class: 'repository-local',
        completion_role: 'change-blocking',
        automation: 'cargo test qr_encode',
        owner: 'conflux-acceptance',
      }),
    ).toEqual({
      id: 'qr-encode-unit',
      phase: 'pre-integration',
      execution_class: 'repository-local',
      completion_role: 'change-blocking',
      automation: 'cargo test qr_encode',
      owner: 'conflux-acceptance',
      prerequisites: [],
    });
  });

  it.each([{ phase: 'during-integration' }, { completion_role: 'nice-to-have' }, { automation: '' }])(
    'rejects %j',
    (override) => {
      const base = {
        id: 'x',
        phase: 'pre-integration',
        execution_class: 'repository-local',
        completion_role: 'change-blocking',
        automation: 'make test',
      };
      expect(VerificationDeclarationSchema.safeParse({ ...base, ...override }).success).toBe(false);
    },
  );
});
