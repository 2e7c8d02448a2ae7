import { z } from 'zod';
import {
  isCanonicalRepositoryPath,
  isCapabilityId,
  isCoreId,
  isDigest,
  isSemanticId,
  type TextDefect,
  textDefect,
  utf8ByteLength,
} from './_text.js';
import { DEVFLOW_LIMITS, type DevflowLimitName } from './limits.js';

const DEFECT_TEXT: Record<TextDefect, string> = {
  not_utf8: 'must be valid UTF-8 (it contains a lone surrogate)',
  empty: 'must not be empty',
  untrimmed: 'must not start or end with whitespace',
  too_long: 'exceeds',
};

/** Core-normalised text: valid UTF-8, non-empty, trimmed, at most `limit` UTF-8 bytes. */
export function coreText(limit: DevflowLimitName) {
  const max = DEVFLOW_LIMITS[limit];
  return z
    .string()
    .superRefine((value, ctx) => {
      const defect = textDefect(value, max);
      if (defect === undefined) return;
      const actual = utf8ByteLength(value);
      ctx.addIssue({
        code: 'custom',
        message:
          defect === 'too_long'
            ? `Text exceeds ${limit} (${max} UTF-8 bytes): received ${actual} bytes`
            : `Text ${DEFECT_TEXT[defect]}`,
        params: { rule: `text_${defect}`, ...(defect === 'too_long' ? { limit, max, actual } : {}) },
      });
    })
    .meta({ minLength: 1, maxLength: max });
}

function formatted(
  test: (value: string) => boolean,
  rule: string,
  expectation: string,
  meta: Record<string, unknown>,
) {
  return z
    .string()
    .superRefine((value, ctx) => {
      if (!test(value))
        ctx.addIssue({ code: 'custom', message: `Expected ${expectation}`, params: { rule } });
    })
    .meta(meta);
}

/** A Core `ID`: 1..128 UTF-8 bytes without whitespace. */
export const IdSchema = formatted(
  isCoreId,
  'invalid_id',
  'an identifier of 1 to 128 bytes without whitespace',
  {
    minLength: 1,
    maxLength: 128,
  },
);

/** A Core `ID` or the empty string (an unset record reference). */
export const OptionalIdSchema = formatted(
  (value) => value === '' || isCoreId(value),
  'invalid_id',
  'an empty string or an identifier of 1 to 128 bytes without whitespace',
  { maxLength: 128 },
);

/** A canonical SHA-256 digest: 64 lowercase hexadecimal characters. */
export const DigestSchema = formatted(isDigest, 'invalid_digest', '64 lowercase hexadecimal characters', {
  pattern: '^[0-9a-f]{64}$',
});

/** A Core semantic identifier such as a step, transition or guard id. */
export const SemanticIdSchema = formatted(
  isSemanticId,
  'invalid_semantic_id',
  'a semantic identifier of 1 to 128 characters from [a-z0-9_.-]',
  { pattern: '^[a-z0-9_.-]{1,128}$' },
);

/** A method capability id, or `""` for none. */
export const CapabilitySchema = formatted(
  isCapabilityId,
  'invalid_capability',
  'an empty string or a capability id of at most 128 characters from [a-z0-9_.@-]',
  { pattern: '^[a-z0-9_.@-]*$', maxLength: 128 },
);

/** A canonical repository-relative path (`src/a.ts`, never `./src`, `/abs`, `a\\b` or `../x`). */
export const RepositoryPathSchema = formatted(
  isCanonicalRepositoryPath,
  'invalid_repository_path',
  'a canonical repository-relative path (no leading "/", "./", "..", "\\" or trailing "/")',
  { minLength: 1, maxLength: DEVFLOW_LIMITS.MAX_REPOSITORY_PATH_BYTES },
);

/** A positive integer revision (Go `uint32`/`uint64`, never a string). */
export const RevisionSchema = z.int().min(1);

/** Reject duplicate entries, naming the first repeated value. */
export function uniqueItems<T extends z.ZodType<string | number>>(item: T, maxItems: number, what: string) {
  return z
    .array(item)
    .max(maxItems)
    .meta({ uniqueItems: true })
    .superRefine((items, ctx) => {
      const seen = new Set<unknown>();
      items.forEach((value, index) => {
        if (seen.has(value)) {
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: `Duplicate ${what} ${JSON.stringify(value)}: entries must be unique`,
            params: { rule: 'duplicate_item' },
          });
        }
        seen.add(value);
      });
    });
}

/** A bounded string list: at most 64 unique, trimmed, non-empty items of at most 2048 bytes. */
export const StringListSchema = uniqueItems(
  coreText('MAX_EVIDENCE_SUMMARY_BYTES'),
  DEVFLOW_LIMITS.MAX_BOUNDED_STRING_LIST_ITEMS,
  'item',
);
