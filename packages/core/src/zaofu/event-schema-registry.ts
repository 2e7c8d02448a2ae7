import { describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import {
  getOwn,
  hasOwn,
  isMapping,
  type PyMapping,
  pyRepr,
  pyStr,
  pyStrip,
  pyTruthy,
  pyTypeName,
} from './_python.js';
import type { ZaofuProtocolError } from './error-codes.js';

export const SCHEMA_VIOLATION_CODES = [
  'missing_required',
  'empty_required',
  'enum_mismatch',
  'type_mismatch',
] as const;
/** How an event payload breaks its schema rule, one of `SCHEMA_VIOLATION_CODES`. */
export type SchemaViolationCode = (typeof SCHEMA_VIOLATION_CODES)[number];

/** One violation, with the kernel's field names and strings (`expected` uses Python's list repr). */
export interface SchemaViolation {
  readonly event_type: string;
  /** `payload.a.b`, `payload.findings[1].axis`. */
  readonly field_path: string;
  readonly code: SchemaViolationCode;
  readonly expected: string;
  readonly actual: string;
}

/** A parsed rule; `when` also applies `when.rule` (the yaml `then:`) when the payload's `field` is the string `value`. */
export interface EventSchemaRule {
  readonly required: readonly string[];
  readonly optional: readonly string[];
  readonly nonEmpty: readonly string[];
  readonly enums: ReadonlyMap<string, readonly string[]>;
  readonly nested: ReadonlyMap<string, EventSchemaRule>;
  readonly listItems: ReadonlyMap<string, EventSchemaRule>;
  readonly when?: { readonly field: string; readonly value: string; readonly rule: EventSchemaRule };
}

/** The event whose payload a registry checks; `payload` may be anything (non-objects count as `{}`). */
export interface SchemaCheckedEvent {
  readonly type: string;
  readonly payload: unknown;
}

/**
 * The event-schema rules of a `zf.yaml`, by event type and flow kind: look up the rule an event is checked
 * against.
 */
export interface EventSchemaRegistry {
  /** Rules by event type, for the default table and each flow kind. */
  readonly rules: ReadonlyMap<string, EventSchemaRule>;
  readonly rulesByKind: ReadonlyMap<string, ReadonlyMap<string, EventSchemaRule>>;
  ruleFor(eventType: string, flowKind?: string): EventSchemaRule | undefined;
  /** No rule for this type: the kernel accepts any payload. */
  isLoose(eventType: string, flowKind?: string): boolean;
  /** Every violation, in the kernel's order; `[]` when the payload passes or the type is loose. */
  validate(event: SchemaCheckedEvent): SchemaViolation[];
  /** `validate` as a result: the payload on success, `event_schema_violation` listing the violations. */
  safeValidate(event: SchemaCheckedEvent): Result<PyMapping, ZaofuProtocolError>;
}

/** The `zf.yaml` event-schema tables a registry is built from. */
export interface EventSchemaRegistryInput {
  /** `zf.yaml` `workflow.dag.event_schemas`: event type → rule body. */
  readonly eventSchemas?: unknown;
  /** `zf.yaml` `workflow.dag.event_schemas_by_kind`: flow kind → event type → rule body. */
  readonly eventSchemasByKind?: unknown;
}

const MAX_RULE_DEPTH = 32;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(pyStr) : [];
}

function mappingEntries(value: unknown): [string, unknown][] {
  return isMapping(value) ? Object.entries(value) : [];
}

function ruleMap(value: unknown, depth: number): Map<string, EventSchemaRule> {
  const rules = new Map<string, EventSchemaRule>();
  for (const [key, body] of mappingEntries(value)) {
    if (isMapping(body)) rules.set(key, parseRuleBody(body, depth + 1));
  }
  return rules;
}

/** Parse one rule body the way the kernel's `EventSchemaRule.from_dict` does; malformed parts are ignored. */
export function parseEventSchemaRule(body: unknown): EventSchemaRule {
  return parseRuleBody(isMapping(body) ? body : {}, 0);
}

function parseRuleBody(body: PyMapping, depth: number): EventSchemaRule {
  const deeper = depth < MAX_RULE_DEPTH;
  const enums = new Map<string, readonly string[]>();
  for (const [field, allowed] of mappingEntries(getOwn(body, 'enum'))) enums.set(field, stringList(allowed));
  const rule: EventSchemaRule = {
    required: stringList(getOwn(body, 'required')),
    optional: stringList(getOwn(body, 'optional')),
    nonEmpty: stringList(getOwn(body, 'non_empty')),
    enums,
    nested: deeper ? ruleMap(getOwn(body, 'nested'), depth) : new Map(),
    listItems: deeper ? ruleMap(getOwn(body, 'list_item'), depth) : new Map(),
  };
  const when = getOwn(body, 'when');
  if (!deeper || !isMapping(when)) return rule;
  const trigger = getOwn(when, 'if');
  const then = getOwn(when, 'then');
  if (!isMapping(trigger) || !isMapping(then)) return rule;
  const first = Object.entries(trigger)[0];
  if (first === undefined) return rule;
  const [field, value] = first;
  const triggerValue = value === null ? '' : pyStr(value);
  return { ...rule, when: { field, value: triggerValue, rule: parseRuleBody(then, depth + 1) } };
}

function violation(
  event_type: string,
  field_path: string,
  code: SchemaViolationCode,
  expected: string,
  actual: string,
): SchemaViolation {
  return { event_type, field_path, code, expected, actual };
}

function isEmptyValue(value: unknown): boolean {
  return value === null || ((typeof value === 'string' || Array.isArray(value)) && value.length === 0);
}

function checkRule(
  rule: EventSchemaRule,
  data: PyMapping,
  path: string,
  eventType: string,
  out: SchemaViolation[],
): void {
  for (const key of rule.required) {
    if (!hasOwn(data, key)) {
      out.push(violation(eventType, `${path}.${key}`, 'missing_required', `${key} present`, 'missing'));
    }
  }
  for (const key of rule.nonEmpty) {
    if (hasOwn(data, key) && isEmptyValue(data[key])) {
      out.push(violation(eventType, `${path}.${key}`, 'empty_required', `${key} non-empty`, 'empty'));
    }
  }
  for (const [field, allowed] of rule.enums) {
    if (!hasOwn(data, field)) continue;
    const value = data[field];
    if (typeof value !== 'string' || !allowed.includes(value)) {
      out.push(
        violation(eventType, `${path}.${field}`, 'enum_mismatch', `one of ${pyRepr(allowed)}`, pyStr(value)),
      );
    }
  }
  for (const [key, nestedRule] of rule.nested) {
    if (!hasOwn(data, key)) continue;
    const nested = data[key];
    if (isMapping(nested)) checkRule(nestedRule, nested, `${path}.${key}`, eventType, out);
    else out.push(violation(eventType, `${path}.${key}`, 'type_mismatch', 'object', pyTypeName(nested)));
  }
  for (const [key, itemRule] of rule.listItems) {
    if (!hasOwn(data, key)) continue;
    const items = data[key];
    if (!Array.isArray(items)) {
      out.push(violation(eventType, `${path}.${key}`, 'type_mismatch', 'list', pyTypeName(items)));
      continue;
    }
    items.forEach((item: unknown, index) => {
      const itemPath = `${path}.${key}[${index}]`;
      if (isMapping(item)) checkRule(itemRule, item, itemPath, eventType, out);
      else out.push(violation(eventType, itemPath, 'type_mismatch', 'object', pyTypeName(item)));
    });
  }
  if (rule.when) {
    const actual = getOwn(data, rule.when.field);
    if (typeof actual === 'string' && actual === rule.when.value) {
      checkRule(rule.when.rule, data, path, eventType, out);
    }
  }
}

function normalizeFlowKind(kind: string): string {
  const normalized = pyStrip(kind).toLowerCase();
  return normalized === 'feat' ? 'prd' : normalized;
}

function payloadFlowKind(payload: PyMapping): string {
  for (const key of ['flow_kind', 'request_kind', 'goal_kind']) {
    const value = getOwn(payload, key);
    if (pyTruthy(value)) return pyStr(value);
  }
  return '';
}

/**
 * The per-project event-schema registry (`zf.yaml` `workflow.dag.event_schemas`, optionally scoped by flow
 * kind, `feat` meaning `prd`). The flow kind comes from the payload's `flow_kind`, `request_kind` or
 * `goal_kind`; a kind without its own table uses the default one. Never throws.
 */
export function createEventSchemaRegistry(input: EventSchemaRegistryInput = {}): EventSchemaRegistry {
  const rules = ruleMap(input.eventSchemas, 0);
  const rulesByKind = new Map<string, ReadonlyMap<string, EventSchemaRule>>();
  for (const [kind, table] of mappingEntries(input.eventSchemasByKind)) {
    rulesByKind.set(kind, ruleMap(table, 0));
  }
  const tableFor = (flowKind = '') => rulesByKind.get(normalizeFlowKind(flowKind)) ?? rules;
  const validate = (event: SchemaCheckedEvent): SchemaViolation[] => {
    const payload = isMapping(event?.payload) ? event.payload : {};
    const eventType = typeof event?.type === 'string' ? event.type : '';
    const rule = tableFor(payloadFlowKind(payload)).get(eventType);
    const out: SchemaViolation[] = [];
    if (rule) checkRule(rule, payload, 'payload', eventType, out);
    return out;
  };
  return {
    rules,
    rulesByKind,
    ruleFor: (eventType, flowKind) => tableFor(flowKind).get(eventType),
    isLoose: (eventType, flowKind) => !tableFor(flowKind).has(eventType),
    validate,
    safeValidate(event) {
      const violations = validate(event);
      const payload = isMapping(event?.payload) ? event.payload : {};
      if (violations.length === 0) return ok(payload);
      const first = violations[0]!;
      const listed = violations
        .slice(0, 5)
        .map((v) => `${v.field_path}: expected ${v.expected}, got ${v.actual}`)
        .join('; ');
      return fail(
        new ProtocolError(
          'event_schema_violation',
          `${first.event_type} payload violates the project's event schema (${violations.length}): ${listed}. Received ${describeValue(event?.payload)}.`,
          { details: { violations, fieldPath: first.field_path } },
        ),
      );
    },
  };
}
