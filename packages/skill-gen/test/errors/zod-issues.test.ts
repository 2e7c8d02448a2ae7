import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toAuthorIssue } from '../../src/errors/zod-issues.js';

const Schema = z.object({ mode: z.enum(['fast', 'full']), name: z.string() });

function issuesOf(value: unknown) {
  const parsed = Schema.safeParse(value, { reportInput: true });
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error.issues.map((issue) => toAuthorIssue(issue, Schema, 'the config', 'config key'));
}

describe('toAuthorIssue', () => {
  it('says an absent enum key is missing, as it says of any absent key', () => {
    expect(issuesOf({}).map((issue) => [issue.message, issue.fix])).toEqual([
      ['config key "mode" is required but missing.', 'Add config key "mode": one of "fast", "full".'],
      ['config key "name" is required but missing.', 'Add config key "name".'],
    ]);
  });

  it('names the allowed values for a wrong one', () => {
    expect(issuesOf({ mode: 'slow', name: 'x' })[0]?.message).toBe(
      'config key "mode" must be one of "fast", "full", received "slow".',
    );
  });
});
