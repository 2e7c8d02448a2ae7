import { describeValue } from '../errors.js';
import { devflowError } from './_errors.js';
import type { DevflowProtocolError } from './error-codes.js';
import type { VerificationBudget } from './new-task.js';
import type { TestResult } from './node-results.js';

/** What a task has already spent of its verification budget. */
export interface BudgetUsage {
  /** Automated commands already recorded against the current task plan (from the authoritative Task). */
  readonly automaticCommandsUsed?: number;
}

/**
 * Check a TEST node result against the task's immutable verification budget, as Core's
 * `EvaluateVerificationBudget` does: automated commands within `max_automatic_commands`, a full suite
 * only when allowed, user evidence and manual handoff only when allowed. Failure: `VERIFICATION_BUDGET_EXCEEDED`.
 */
export function checkVerificationBudget(
  result: Pick<TestResult, 'checks' | 'manual_handoff_items'>,
  budget: VerificationBudget,
  usage: BudgetUsage = {},
): DevflowProtocolError | undefined {
  const exceeded = (rule: string, message: string, fieldPath: string) =>
    devflowError(
      'VERIFICATION_BUDGET_EXCEEDED',
      rule,
      `${message}; stay within the task's verification budget.`,
      { fieldPath },
    );
  let commands = usage.automaticCommandsUsed ?? 0;
  for (const [index, check] of result.checks.entries()) {
    const fieldPath = `node_result.checks[${index}]`;
    if (check.source === 'automated') {
      commands += check.command_count;
      if (check.full_suite && !budget.allow_full_suite) {
        return exceeded(
          'full_suite_not_allowed',
          `check ${describeValue(check.name)} ran the full suite, which the budget forbids`,
          fieldPath,
        );
      }
    }
    if (check.source === 'user' && !budget.allow_manual_handoff) {
      return exceeded(
        'manual_evidence_not_allowed',
        `check ${describeValue(check.name)} is user evidence, but manual handoff is not allowed`,
        fieldPath,
      );
    }
  }
  if (commands > budget.max_automatic_commands) {
    return exceeded(
      'too_many_commands',
      `${commands} automatic verification commands exceed max_automatic_commands ${budget.max_automatic_commands}`,
      'node_result.checks',
    );
  }
  if (result.manual_handoff_items.length > 0 && !budget.allow_manual_handoff) {
    return exceeded(
      'manual_handoff_not_allowed',
      'manual_handoff_items are present, but manual handoff is not allowed',
      'node_result.manual_handoff_items',
    );
  }
  return undefined;
}
