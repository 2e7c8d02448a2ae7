import { type Failure, fail, ok, type Result } from '../result.js';
import { isJsonObject, nonBlankString, nonBlankStrings, ownField } from './_json.js';
import { schemaInput } from './_schema-input.js';
import type { BlockerRejection, Rejected } from './rejections.js';
import { BLOCKER_CATEGORIES, type BlockerCategory } from './vocabulary.js';

/** A blocker that passed the upstream checks, as the input `AcceptanceBlockerSchema` parses; or why not. */
export type BlockerValidation = Result<Record<string, unknown>, Rejected<BlockerRejection>>;

function reject(
  rejection: BlockerRejection,
  fieldPath: string,
  received: unknown,
): Failure<Rejected<BlockerRejection>> {
  return fail({ rejection, fieldPath, received });
}

function isBlockerCategory(value: string): value is BlockerCategory {
  return (BLOCKER_CATEGORIES as readonly string[]).includes(value);
}

/**
 * Validate the raw `blocker` of a `gated` verdict (`undefined` when absent), in the upstream order with the
 * seed's fifth field: missing → not an object → category → supported category → evidence →
 * unblock_condition → next_action → resumable. Text is trimmed; the seed's optional fields are kept only when
 * usable. The result is the schema's input (`schemaInput`): the verdict's schema parse makes the value.
 */
export function validateAcceptanceBlocker(payload: unknown, keys: readonly string[]): BlockerValidation {
  if (payload === undefined || payload === null) return reject({ kind: 'missing' }, 'blocker', payload);
  if (!isJsonObject(payload)) return reject({ kind: 'not_an_object' }, 'blocker', payload);

  const rawCategory = ownField(payload, 'category');
  const category = nonBlankString(rawCategory);
  if (category === undefined) return reject({ kind: 'missing_category' }, 'blocker.category', rawCategory);
  if (!isBlockerCategory(category)) {
    return reject({ kind: 'unsupported_category', category }, 'blocker.category', rawCategory);
  }

  const rawEvidence = ownField(payload, 'evidence');
  const evidence = nonBlankStrings(rawEvidence);
  if (evidence.length === 0) return reject({ kind: 'empty_evidence' }, 'blocker.evidence', rawEvidence);

  const rawCondition = ownField(payload, 'unblock_condition');
  const unblockCondition = nonBlankString(rawCondition);
  if (unblockCondition === undefined) {
    return reject({ kind: 'missing_unblock_condition' }, 'blocker.unblock_condition', rawCondition);
  }

  const rawAction = ownField(payload, 'next_action');
  const nextAction = nonBlankString(rawAction);
  if (nextAction === undefined)
    return reject({ kind: 'missing_next_action' }, 'blocker.next_action', rawAction);

  const resumable = ownField(payload, 'resumable');
  if (typeof resumable !== 'boolean')
    return reject({ kind: 'missing_resumable' }, 'blocker.resumable', resumable);

  const owner = nonBlankString(ownField(payload, 'prerequisite_owner'));
  const evidenceIds = nonBlankStrings(ownField(payload, 'evidence_ids'));
  return ok(
    schemaInput(keys, payload, {
      category,
      evidence,
      unblock_condition: unblockCondition,
      next_action: nextAction,
      resumable,
      prerequisite_owner: owner,
      evidence_ids: evidenceIds.length === 0 ? undefined : evidenceIds,
    }),
  );
}
