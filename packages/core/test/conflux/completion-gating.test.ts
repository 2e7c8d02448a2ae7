import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPLETION_GATING_TABLE } from '../../src/conflux/completion-gating.js';
import {
  AUTOMATION_STATES,
  type AutomationState,
  type GatedDeclaration,
  gateVerification,
  renderCompletionGatingTable,
  summarizeCompletionGating,
} from '../../src/conflux/index.js';
import {
  COMPLETION_ROLES,
  VERIFICATION_PHASES,
  VerificationDeclarationSchema,
} from '../../src/conflux/schemas.js';

const seed = readFileSync(
  new URL('../../../../conformance/seeds/000_1218d4943c23426c.txt', import.meta.url),
  'utf8',
);

const declaration = (overrides: Partial<GatedDeclaration> = {}): GatedDeclaration => ({
  id: 'v',
  phase: 'pre-integration',
  execution_class: 'repository-local',
  completion_role: 'change-blocking',
  ...overrides,
});

describe('the completion-role gating table', () => {
  it('renders exactly the rows the seed writes, in order', () => {
    const rendered = renderCompletionGatingTable().split('\n');
    expect(rendered).toHaveLength(2 + COMPLETION_GATING_TABLE.length);
    let from = 0;
    for (const row of rendered) {
      const at = seed.indexOf(row, from);
      expect(at, row).toBeGreaterThanOrEqual(0);
      from = at + row.length;
    }
    expect(seed.slice(seed.indexOf(rendered[0]!), from).split(' | |').length).toBe(rendered.length);
  });

  it.each(COMPLETION_GATING_TABLE.map((row, index) => [index + 1, row] as const))(
    'row %i decides its own states',
    (number, row) => {
      const phases = row.phase === 'any' ? VERIFICATION_PHASES : [row.phase];
      for (const phase of phases) {
        for (const state of row.states) {
          const gate = gateVerification(declaration({ phase, completion_role: row.completionRole }), state);
          const firstMatch = COMPLETION_GATING_TABLE.findIndex(
            (candidate) =>
              candidate.completionRole === row.completionRole &&
              (candidate.phase === 'any' || candidate.phase === phase) &&
              candidate.states.includes(state),
          );
          expect(gate.row).toBe(firstMatch + 1);
          expect(gate.verdict).toBe(COMPLETION_GATING_TABLE[firstMatch]!.verdict);
          if (firstMatch + 1 === number) expect(gate.verdict).toBe(row.verdict);
        }
      }
    },
  );

  it('lets no operational observation fail except on its own wiring, and never hold', () => {
    for (const phase of VERIFICATION_PHASES) {
      for (const state of AUTOMATION_STATES) {
        const gate = gateVerification(
          declaration({ phase, completion_role: 'operational-observation' }),
          state,
        );
        expect(gate.verdict).not.toBe('gated_blocker');
        expect(gate.verdict === 'fail').toBe(['missing', 'placeholder', 'miswired'].includes(state));
        expect(gate.blocksPass).toBe(gate.verdict === 'fail');
      }
    }
  });

  it('holds only for pre-integration, change-blocking, repository-local declarations', () => {
    for (const phase of VERIFICATION_PHASES) {
      for (const completion_role of COMPLETION_ROLES) {
        for (const execution_class of ['repository-local', 'external', 'ci']) {
          for (const state of AUTOMATION_STATES) {
            const gate = gateVerification(declaration({ phase, completion_role, execution_class }), state);
            const eligible =
              phase === 'pre-integration' &&
              completion_role === 'change-blocking' &&
              execution_class === 'repository-local' &&
              state === 'prerequisite_unavailable';
            expect(
              gate.verdict === 'gated_blocker',
              `${phase} ${completion_role} ${execution_class} ${state}`,
            ).toBe(eligible);
          }
        }
      }
    }
  });

  it.each([
    [declaration({ phase: 'post-integration' }), 'missing', 'fail'],
    [
      declaration({ phase: 'pre-integration', completion_role: 'operational-observation' }),
      'placeholder',
      'fail',
    ],
    [declaration(), 'fails', 'fail'],
    [declaration({ phase: 'post-integration' }), 'passes', 'not_a_blocker'],
    [declaration({ execution_class: 'external' }), 'prerequisite_unavailable', 'continue'],
    [declaration(), 'result_pending', 'continue'],
  ] as const)('decides %j in state %s outside the table as %s', (input, state, verdict) => {
    const gate = gateVerification(input, state as AutomationState);
    expect(gate.verdict).toBe(verdict);
    expect(gate.row).toBeUndefined();
  });
});

describe('summarizeCompletionGating', () => {
  const [unit, scan] = (
    [
      {
        id: 'qr-encode-unit',
        phase: 'pre-integration',
        execution_class: 'repository-local',
        completion_role: 'change-blocking',
        automation: 'cargo test qr_encode',
      },
      {
        id: 'physical-scan-observation',
        phase: 'post-integration',
        execution_class: 'external',
        completion_role: 'operational-observation',
        automation: 'docs/manual/physical-scan.md',
        prerequisites: ['compatible external scanner build (not yet released)'],
      },
    ] as const
  ).map((raw): GatedDeclaration => VerificationDeclarationSchema.parse(raw)) as [
    GatedDeclaration,
    GatedDeclaration,
  ];

  it('gives the seed example PASS with the physical scan acknowledged as pending, never gated', () => {
    const summary = summarizeCompletionGating([
      { declaration: unit, state: 'passes' },
      { declaration: scan, state: 'prerequisite_unavailable' },
    ]);
    expect(summary.verdict).toBe('pass');
    expect(summary.pending).toEqual([
      {
        id: 'physical-scan-observation',
        prerequisites: ['compatible external scanner build (not yet released)'],
      },
    ]);
    expect(summary.gates.map((gate) => [gate.id, gate.verdict, gate.row])).toEqual([
      ['qr-encode-unit', 'not_a_blocker', 2],
      ['physical-scan-observation', 'pending_observation', 6],
    ]);
  });

  it.each(['missing', 'placeholder'] as const)('gives FAIL when the scan procedure is %s', (state) => {
    const summary = summarizeCompletionGating([
      { declaration: unit, state: 'passes' },
      { declaration: scan, state },
    ]);
    expect(summary.verdict).toBe('fail');
    expect(summary.pending).toEqual([]);
  });

  it('ranks FAIL over a hold, a hold over CONTINUE, and CONTINUE over PASS', () => {
    const hold = { declaration: unit, state: 'prerequisite_unavailable' } as const;
    const broken = { declaration: { ...unit, id: 'b' }, state: 'miswired' } as const;
    const waiting = { declaration: { ...unit, id: 'w' }, state: 'result_pending' } as const;
    expect(summarizeCompletionGating([hold, broken, waiting]).verdict).toBe('fail');
    expect(summarizeCompletionGating([waiting, hold]).verdict).toBe('gated');
    expect(summarizeCompletionGating([waiting, { declaration: scan, state: 'passes' }]).verdict).toBe(
      'continue',
    );
    expect(summarizeCompletionGating([]).verdict).toBe('pass');
  });
});
