import { describe, expect, it } from 'vitest';
import { createOpenTaskArguments, isResume, safeParseNewTask } from '../../src/devflow/new-task.js';
import { argumentsFile } from './_cases.js';

const example = argumentsFile.new_task_cases[0]!.new_task as Record<string, unknown>;

describe('dev_flow_open_task arguments', () => {
  it('creates a new task with exactly host, repository_path and new_task', () => {
    const result = createOpenTaskArguments({ repositoryPath: '/work/my repo/ünï', newTask: example });
    expect(result).toEqual({
      success: true,
      data: { host: 'codex', repository_path: '/work/my repo/ünï', new_task: example },
    });
    expect(result.success && isResume(result.data)).toBe(false);
  });

  it('resumes by omitting new_task or sending null', () => {
    const omitted = createOpenTaskArguments({ repositoryPath: '/repo' });
    expect(omitted.success && Object.keys(omitted.data)).toEqual(['host', 'repository_path']);
    const explicitNull = createOpenTaskArguments({
      repositoryPath: '/repo',
      newTask: null,
      host: 'deepseek',
    });
    expect(explicitNull).toEqual({
      success: true,
      data: { host: 'deepseek', repository_path: '/repo', new_task: null },
    });
    expect(
      omitted.success && isResume(omitted.data) && explicitNull.success && isResume(explicitNull.data),
    ).toBe(true);
  });

  it('refuses an invalid new_task with INVALID_ARGUMENT naming the field', () => {
    const result = createOpenTaskArguments({
      repositoryPath: '/repo',
      newTask: { ...example, method_profile: 'speckit' },
    });
    expect(result).toMatchObject({
      success: false,
      error: { code: 'INVALID_ARGUMENT', details: { fieldPath: 'new_task.method_profile' } },
    });
  });

  it('refuses an empty repository path', () => {
    expect(createOpenTaskArguments({ repositoryPath: '' }).success).toBe(false);
  });
});

describe('new_task limits', () => {
  it.each([
    ['a blank request', { request: '   ' }, 'text_empty'],
    ['a request over 8192 bytes', { request: 'é'.repeat(4097) }, 'text_too_long'],
    ['a request with a lone surrogate', { request: 'a\ud800' }, 'text_not_utf8'],
    ['65 scope items', { initial_scope: Array.from({ length: 65 }, (_, i) => `s${i}`) }, 'too_many_items'],
    [
      'a negative command budget',
      { verification_budget: { ...(example.verification_budget as object), max_automatic_commands: -1 } },
      'too_small',
    ],
    [
      'a fractional command budget',
      { verification_budget: { ...(example.verification_budget as object), max_automatic_commands: 1.5 } },
      'wrong_type',
    ],
    [
      'a string boolean',
      { verification_budget: { ...(example.verification_budget as object), allow_full_suite: 'false' } },
      'wrong_type',
    ],
  ] as const)('refuses %s', (_name, change, rule) => {
    const result = safeParseNewTask({ ...example, ...change });
    expect(result).toMatchObject({ success: false, error: { code: 'INVALID_ARGUMENT', details: { rule } } });
  });

  it('names the request limit', () => {
    const result = safeParseNewTask({ ...example, request: 'x'.repeat(8193) });
    expect(result).toMatchObject({
      success: false,
      error: { details: { limit: 'MAX_REQUEST_BYTES', max: 8192, actual: 8193 } },
    });
  });
});
