import { describe, expect, it } from 'vitest';
import { checkServerInfo } from '../../src/devflow/handshake.js';
import { handshakeFile, methodProfileFile } from './_cases.js';

/** The rule each failing case must report (the case ids name a single mutated field). */
const EXPECTED_RULES: Record<string, string[]> = {
  'schema-1-historical': [
    'version',
    'schema_version',
    'core_limits_version',
    'supported_processes',
    'method_profiles',
  ],
  'tools-reordered': ['tools'],
  'extra-tool': ['tools'],
  'version-mismatch': ['version'],
  'limits-version': ['core_limits_version'],
  'no-codex-host': ['supported_hosts'],
  'health-degraded': ['health'],
  'profiles-reordered': ['method_profiles'],
  'new-task-unsupported': ['new_task_supported'],
  'bad-digest': ['definition_digest'],
  'two-processes': ['supported_processes'],
};

describe('conformance: handshake_cases.json', () => {
  it.each(handshakeFile.cases.map((c) => [c.id, c] as const))('%s', (_id, testCase) => {
    const result = checkServerInfo(testCase.server_info_result, {
      packagedVersion: testCase.packaged_version,
    });
    expect(result.success).toBe(testCase.expected_handshake_ok);
    if (result.success) {
      expect(result.data.tools).toHaveLength(6);
      return;
    }
    expect(result.error.code).toBe('handshake_failed');
    const rules = (result.error.details.violations as { rule: string }[]).map((v) => v.rule);
    expect(rules).toEqual(EXPECTED_RULES[testCase.id]);
  });

  it('covers every failing case with an expected rule list', () => {
    const failing = handshakeFile.cases.filter((c) => !c.expected_handshake_ok).map((c) => c.id);
    expect(Object.keys(EXPECTED_RULES).sort()).toEqual(failing.sort());
  });

  it('accepts the server_info of the method-profile fixture too', () => {
    expect(checkServerInfo(methodProfileFile.fixture.server_info, { packagedVersion: '0.4.0' }).success).toBe(
      true,
    );
  });

  it('lists every violated rule at once, with what was received', () => {
    const info = {
      ...handshakeFile.cases[0]!.server_info_result,
      product: 'other',
      transport: 'http',
      tools: [],
    };
    const result = checkServerInfo(info, { packagedVersion: '0.4.0' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect((result.error.details.violations as { rule: string }[]).map((v) => v.rule)).toEqual([
      'product',
      'transport',
      'tools',
    ]);
    expect(result.error.message).toContain('received "http"');
    expect(result.error.message).toContain('missing dev_flow_server_info');
  });

  it('checks the host the adapter runs for', () => {
    const info = handshakeFile.cases[0]!.server_info_result;
    expect(checkServerInfo(info, { packagedVersion: '0.4.0', host: 'deepseek' }).success).toBe(true);
    const noDeepseek = { ...info, supported_hosts: ['codex'] };
    expect(checkServerInfo(noDeepseek, { packagedVersion: '0.4.0', host: 'deepseek' }).success).toBe(false);
  });

  it('refuses a process entry with unknown members (the entry is closed)', () => {
    const info = handshakeFile.cases[0]!.server_info_result as { supported_processes: object[] };
    const open = { ...info, supported_processes: [{ ...info.supported_processes[0], extra: 1 }] };
    const result = checkServerInfo(open, { packagedVersion: '0.4.0' });
    expect(result.success || (result.error.details.violations as { rule: string }[])[0]?.rule).toBe(
      'process_entry_closed',
    );
  });

  it('throws a ConfigError when the packaged version is missing (an author error)', () => {
    expect(() => checkServerInfo({}, { packagedVersion: '' })).toThrow(/packaged product version/);
  });
});
