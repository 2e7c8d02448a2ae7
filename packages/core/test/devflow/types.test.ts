import { describe, expectTypeOf, it } from 'vitest';
import type {
  Action,
  ActionPayload,
  ApplyArguments,
  NodeId,
  OperationProbe,
  ProblemClass,
  RecoveryStep,
  RequirementsPayload,
  Transition,
} from '../../src/devflow/index.js';
import { createApplyArguments, preflightApply, safeParseNewTask } from '../../src/devflow/index.js';
import type { ProtocolError } from '../../src/errors.js';

describe('devflow types', () => {
  it('keeps revisions integers, payloads objects and nodes closed unions', () => {
    expectTypeOf<ApplyArguments['revision']>().toEqualTypeOf<number>();
    expectTypeOf<ApplyArguments['payload']>().toEqualTypeOf<ActionPayload>();
    expectTypeOf<ApplyArguments['source_cursor']>().toEqualTypeOf<NodeId>();
    expectTypeOf<OperationProbe['payload']>().toEqualTypeOf<Record<string, unknown> | null>();
    expectTypeOf<Transition['destination_node']>().toEqualTypeOf<NodeId>();
    expectTypeOf<Action['available_transitions']>().toEqualTypeOf<Transition[]>();
  });

  it('types node results with the node problem classes', () => {
    expectTypeOf<RequirementsPayload['node_result']['problem_class']>().toEqualTypeOf<ProblemClass>();
    expectTypeOf<RequirementsPayload['node_result']['baseline']['acceptance_criteria']>().toEqualTypeOf<
      string[]
    >();
  });

  it('returns result unions with ProtocolError failures', () => {
    expectTypeOf(createApplyArguments).returns.toExtend<
      { success: true; data: ApplyArguments } | { success: false; error: ProtocolError }
    >();
    expectTypeOf(safeParseNewTask).returns.toExtend<{ success: boolean }>();
    expectTypeOf(preflightApply).parameter(1).toEqualTypeOf<unknown>();
  });

  it('models recovery steps as a closed union on step', () => {
    expectTypeOf<RecoveryStep['step']>().toEqualTypeOf<
      'retry_current_action' | 'submit_recovery_apply' | 'read_next_action' | 'resolve_blocker' | 'stop'
    >();
  });
});
