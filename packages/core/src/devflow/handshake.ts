import { ConfigError, describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { isJsonObject } from '../text/json-line.js';
import { isDigest } from './_text.js';
import type { DevflowProtocolError } from './error-codes.js';
import { type Host, METHOD_PROFILES, TOOL_NAMES } from './vocabulary.js';

/** A `dev_flow_server_info` result that passed every handshake rule. */
export interface ServerInfo {
  readonly product: 'dev-flow';
  readonly version: string;
  readonly schema_version: 2;
  readonly core_limits_version: '0.2';
  readonly transport: 'stdio';
  readonly health: 'ready';
  readonly supported_hosts: readonly string[];
  readonly supported_processes: readonly [SupportedProcess];
  readonly method_profiles: typeof METHOD_PROFILES;
  readonly tools: typeof TOOL_NAMES;
}

/** The process a handshake must report as supported: `standard-development` version 1, with its digest. */
export interface SupportedProcess {
  readonly process_id: 'standard-development';
  readonly process_version: 1;
  readonly definition_digest: string;
  readonly new_task_supported: true;
}

/** Options of `checkServerInfo`: the packaged product version and the host that must be supported. */
export interface HandshakeOptions {
  /** The product version the Skill was packaged with; Core's `version` must equal it. */
  readonly packagedVersion: string;
  /** The host adapter that must be supported (default `codex`). */
  readonly host?: Host;
}

/** One handshake rule a server info result broke. */
export interface HandshakeViolation {
  readonly rule: string;
  readonly message: string;
}

const PROCESS_ENTRY_MEMBERS = ['process_id', 'process_version', 'definition_digest', 'new_task_supported'];

function exactly(field: string, received: unknown, expected: unknown): HandshakeViolation | undefined {
  return received === expected
    ? undefined
    : {
        rule: field,
        message: `${field} must be exactly ${JSON.stringify(expected)}; received ${describeValue(received)}`,
      };
}

function listDifference(
  field: string,
  received: unknown,
  expected: readonly string[],
): HandshakeViolation | undefined {
  if (
    Array.isArray(received) &&
    received.length === expected.length &&
    received.every((v, i) => v === expected[i])
  ) {
    return undefined;
  }
  const items = Array.isArray(received) ? received : [];
  const missing = expected.filter((name) => !items.includes(name));
  const extra = items.filter((name) => !expected.includes(name as string));
  const problem = !Array.isArray(received)
    ? `is ${describeValue(received)}`
    : missing.length + extra.length > 0
      ? `has ${[missing.length ? `missing ${missing.join(', ')}` : '', extra.length ? `additional ${extra.map((v) => describeValue(v)).join(', ')}` : ''].filter(Boolean).join(' and ')}`
      : 'is reordered or repeats an entry';
  return {
    rule: field,
    message: `${field} must be exactly [${expected.join(', ')}] in this order; it ${problem}`,
  };
}

function processViolations(processes: unknown): HandshakeViolation[] {
  if (!Array.isArray(processes) || processes.length !== 1) {
    return [
      {
        rule: 'supported_processes',
        message: `supported_processes must contain exactly one standard-development@1 entry; received ${describeValue(processes)}`,
      },
    ];
  }
  const entry = processes[0];
  if (!isJsonObject(entry))
    return [{ rule: 'supported_processes', message: 'the supported process entry must be an object' }];
  const violations: HandshakeViolation[] = [];
  const extra = Object.keys(entry).filter((key) => !PROCESS_ENTRY_MEMBERS.includes(key));
  if (extra.length > 0)
    violations.push({
      rule: 'process_entry_closed',
      message: `the process entry has unknown member(s) ${extra.join(', ')}`,
    });
  for (const violation of [
    exactly('process_id', entry.process_id, 'standard-development'),
    exactly('process_version', entry.process_version, 1),
    exactly('new_task_supported', entry.new_task_supported, true),
  ]) {
    if (violation) violations.push(violation);
  }
  if (typeof entry.definition_digest !== 'string' || !isDigest(entry.definition_digest)) {
    violations.push({
      rule: 'definition_digest',
      message: `definition_digest must be present and canonical (64 lowercase hex); received ${describeValue(entry.definition_digest)}`,
    });
  }
  return violations;
}

/**
 * Check a `dev_flow_server_info` result against every rule of the Skill's compatibility handshake. The
 * failure (`handshake_failed`) lists every violated rule in `details.violations`; stop on it.
 */
export function checkServerInfo(
  result: unknown,
  options: HandshakeOptions,
): Result<ServerInfo, DevflowProtocolError> {
  if (typeof options?.packagedVersion !== 'string' || options.packagedVersion === '') {
    throw new ConfigError(
      'invalid_option',
      'checkServerInfo needs the packaged product version (packagedVersion).',
    );
  }
  const host = options.host ?? 'codex';
  let violations: HandshakeViolation[];
  if (!isJsonObject(result)) {
    violations = [
      {
        rule: 'result_object',
        message: `the server info result must be a JSON object; received ${describeValue(result)}`,
      },
    ];
  } else {
    const hosts = result.supported_hosts;
    violations = [
      exactly('product', result.product, 'dev-flow'),
      exactly('version', result.version, options.packagedVersion),
      exactly('schema_version', result.schema_version, 2),
      exactly('core_limits_version', result.core_limits_version, '0.2'),
      exactly('transport', result.transport, 'stdio'),
      exactly('health', result.health, 'ready'),
      Array.isArray(hosts) && hosts.includes(host)
        ? undefined
        : {
            rule: 'supported_hosts',
            message: `supported_hosts must contain ${host}; received ${describeValue(hosts)}`,
          },
      ...processViolations(result.supported_processes),
      listDifference('method_profiles', result.method_profiles, METHOD_PROFILES),
      listDifference('tools', result.tools, TOOL_NAMES),
    ].filter((violation): violation is HandshakeViolation => violation !== undefined);
  }
  if (violations.length === 0) return ok(result as unknown as ServerInfo);
  return fail(
    new ProtocolError(
      'handshake_failed',
      `The Dev Flow handshake failed (${violations.length} rule${violations.length === 1 ? '' : 's'}): ${violations.map((v) => v.message).join('; ')}. Stop without task discovery.`,
      { details: { violations } },
    ),
  );
}
