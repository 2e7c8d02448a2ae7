import type {
  ComprehensionResult,
  DeliveryResult,
  DesignResult,
  ImplementationResult,
  RefactorResult,
  TasksResult,
  TestResult,
  WorkItem,
} from './node-results.js';
import type { WorkNodeId } from './vocabulary.js';

/** A cross-field rule a node result breaks; Core answers every one of them with `INVALID_ARGUMENT`. */
export interface NodeRuleViolation {
  readonly rule: string;
  readonly fieldPath: string;
  readonly message: string;
}

type Check = (transitionId: string, result: never) => NodeRuleViolation | undefined;

function baselinePresence(
  ready: string,
  transitionId: string,
  baseline: unknown,
): NodeRuleViolation | undefined {
  const isReady = transitionId === ready;
  if (isReady === (baseline !== null)) return undefined;
  return {
    rule: 'baseline_presence',
    fieldPath: 'node_result.baseline',
    message: isReady
      ? `node_result.baseline must be an object for ${ready}`
      : `node_result.baseline must be null unless the transition is ${ready} (received an object with ${transitionId})`,
  };
}

function changedSurface(result: { changed_paths: readonly string[]; no_file_changes: boolean }) {
  if (result.changed_paths.length > 0 !== result.no_file_changes) return undefined;
  return {
    rule: 'changed_paths_xor_no_file_changes',
    fieldPath: 'node_result.no_file_changes',
    message: result.no_file_changes
      ? 'node_result.changed_paths must be empty when no_file_changes is true'
      : 'node_result needs a non-empty changed_paths or no_file_changes: true (exactly one of them)',
  };
}

/** A dependency that is unknown, the item itself, or part of a cycle. */
function workItemDependencyDefect(items: readonly WorkItem[]): NodeRuleViolation | undefined {
  const index = new Map<string, number>();
  for (const [position, item] of items.entries()) {
    if (index.has(item.work_item_id)) {
      return {
        rule: 'duplicate_work_item_id',
        fieldPath: `node_result.baseline.work_items[${position}].work_item_id`,
        message: `work_item_id "${item.work_item_id}" is used twice`,
      };
    }
    index.set(item.work_item_id, position);
  }
  for (const [position, item] of items.entries()) {
    for (const [depIndex, dependency] of item.dependencies.entries()) {
      if (!index.has(dependency) || dependency === item.work_item_id) {
        return {
          rule: dependency === item.work_item_id ? 'self_dependency' : 'unknown_dependency',
          fieldPath: `node_result.baseline.work_items[${position}].dependencies[${depIndex}]`,
          message: `dependency "${dependency}" must name another work item of this plan`,
        };
      }
    }
  }
  // Kahn's algorithm: a plan whose dependencies cannot all be ordered contains a cycle.
  const remaining = items.map((item) => item.dependencies.length);
  const dependents = items.map(() => [] as number[]);
  for (const [position, item] of items.entries()) {
    for (const dependency of item.dependencies) dependents[index.get(dependency)!]!.push(position);
  }
  const ready = remaining.flatMap((count, position) => (count === 0 ? [position] : []));
  let ordered = 0;
  while (ready.length > 0) {
    const next = ready.pop()!;
    ordered++;
    for (const dependent of dependents[next]!) if (--remaining[dependent]! === 0) ready.push(dependent);
  }
  if (ordered === items.length) return undefined;
  return {
    rule: 'dependency_cycle',
    fieldPath: 'node_result.baseline.work_items',
    message: 'work item dependencies must not form a cycle',
  };
}

const NODE_CHECKS: Record<WorkNodeId, Check> = {
  REQUIREMENTS: () => undefined,
  DESIGN: (transitionId, result: DesignResult) =>
    baselinePresence('design_ready', transitionId, result.baseline),
  TASKS: (transitionId, result: TasksResult) =>
    baselinePresence('tasks_ready', transitionId, result.baseline) ??
    (result.baseline ? workItemDependencyDefect(result.baseline.work_items) : undefined),
  IMPLEMENT: (_, result: ImplementationResult) => changedSurface(result),
  TEST: (_, result: TestResult) => {
    const names = new Set<string>();
    for (const [position, check] of result.checks.entries()) {
      const fieldPath = `node_result.checks[${position}]`;
      if (names.has(check.name)) {
        return {
          rule: 'duplicate_check_name',
          fieldPath: `${fieldPath}.name`,
          message: `check name "${check.name}" is used twice`,
        };
      }
      names.add(check.name);
      if (check.source !== 'automated' && (check.command_count !== 0 || check.full_suite)) {
        return {
          rule: 'non_automated_commands',
          fieldPath,
          message: `a ${check.source} check must have command_count 0 and full_suite false`,
        };
      }
    }
    return undefined;
  },
  COMPREHENSION_REVIEW: (transitionId, result: ComprehensionResult) =>
    transitionId === 'comprehension_passed' && result.user_confirmation === null
      ? {
          rule: 'user_confirmation_required',
          fieldPath: 'node_result.user_confirmation',
          message:
            "comprehension_passed needs the developer's explicit user_confirmation (source user, status passed)",
        }
      : undefined,
  REFACTOR: (_, result: RefactorResult) => changedSurface(result),
  DELIVERY: (transitionId, result: DeliveryResult) => {
    const open = result.acceptance.findIndex((item) => item.status !== 'satisfied');
    if (transitionId !== 'delivery_complete' || open < 0) return undefined;
    return {
      rule: 'acceptance_unsatisfied',
      fieldPath: `node_result.acceptance[${open}].status`,
      message: 'delivery_complete needs every acceptance criterion satisfied',
    };
  },
};

/** Check the cross-field rules of a node result whose fields already passed their schema. */
export function checkNodeRules(
  node: WorkNodeId,
  transitionId: string,
  result: unknown,
): NodeRuleViolation | undefined {
  return NODE_CHECKS[node](transitionId, result as never);
}
