import { RUNTIME_IDS } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import { HOST_RUNTIMES } from '../src/runtimes/index.js';

const attempt = { prompt: '--not-an-option', native: ['--native'], extra: ['--extra'] };

describe('HOST_RUNTIMES', () => {
  it('declares every runtime the adapters read', () => {
    expect(Object.keys(HOST_RUNTIMES).sort()).toEqual([...RUNTIME_IDS].sort());
  });

  it.each(Object.entries(HOST_RUNTIMES))('%s passes the prompt after --, last', (_id, runtime) => {
    const start = runtime.start(attempt);
    expect(start.slice(-2)).toEqual(['--', '--not-an-option']);
    expect(start).toContain('--extra');
    const resume = runtime.resume('session-1', attempt);
    expect(resume.at(-1)).toBe('--not-an-option');
    expect(resume).toContain('session-1');
    expect(resume).toContain('--extra');
    if (runtime.nativeSchema) {
      expect(start).toContain('--native');
      expect(resume).toContain('--native');
    }
  });

  it('gives Claude Code a schema without $schema, which it refuses', () => {
    const args = HOST_RUNTIMES['claude-code'].nativeSchema?.args(
      { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' },
      () => '',
    );
    expect(args).toEqual(['--json-schema', '{"type":"object"}']);
  });

  it('gives Codex only schemas OpenAI strict mode takes: an object at the root', () => {
    const native = HOST_RUNTIMES.codex.nativeSchema;
    expect(native?.accepts?.({ type: 'object', properties: {} })).toBe(true);
    expect(native?.accepts?.({ anyOf: [{ type: 'object' }, { type: 'object' }] })).toBe(false);
  });
});
