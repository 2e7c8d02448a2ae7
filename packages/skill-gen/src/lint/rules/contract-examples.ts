import { createFenceTracker, formatPath, safeJsonParse } from '@skillpack/core';
import { z } from 'zod';
import { defineRule, type RuleViolation } from '../finding.js';
import type { SkillDocument } from '../skill-document.js';

const EXAMPLE_HEADING = /^#{2,6}\s+Example:\s*(.*)$/;
const HEADING = /^#{1,6}\s/;
const CONTRACT_MENTION = /`(?:references\/)?([^`\s/]+?)(?:\.schema\.json)?`/g;

/** One fenced example under an `Example:` heading, with the contract most recently named before it. */
interface RenderedExample {
  readonly name: string;
  readonly contract: string;
  /** File line of the example's first text line. */
  readonly line: number;
  readonly text: string;
}

/**
 * The examples a built skill shows: the first fence under each `Example:` heading, attributed to the contract
 * whose id (or shipped schema path) the body named last before it, among those the skill ships a schema for.
 * That is the layout the `contract-examples` partial renders after `contract-emit` names the contract.
 */
function renderedExamples(skill: SkillDocument, shipped: ReadonlySet<string>): RenderedExample[] {
  const found: RenderedExample[] = [];
  const fence = createFenceTracker();
  let contract: string | undefined;
  let example: string | undefined;
  let open: { name: string; contract: string; line: number; lines: string[] } | undefined;
  skill.body.lines.forEach((text, index) => {
    const line = skill.body.startLine + index;
    const state = fence.step(text.trimStart());
    if (state === 'inside') {
      open?.lines.push(text);
      return;
    }
    if (state === 'fence') {
      if (open) {
        found.push({
          name: open.name,
          contract: open.contract,
          line: open.line,
          text: open.lines.join('\n'),
        });
        open = undefined;
      } else if (fence.open && example !== undefined && contract !== undefined) {
        open = { name: example, contract, line: line + 1, lines: [] };
        example = undefined;
      }
      return;
    }
    const heading = EXAMPLE_HEADING.exec(text);
    if (heading) example = heading[1]?.trim() ?? '';
    else if (HEADING.test(text)) example = undefined;
    for (const mention of text.matchAll(CONTRACT_MENTION)) {
      if (shipped.has(mention[1]!)) contract = mention[1];
    }
  });
  return found;
}

/**
 * The JSON value an example text writes: the whole text, or else its last line that is a JSON object (a
 * verdict followed by a marker line). `undefined` for a text block a JSON Schema cannot describe.
 */
function writtenValue(text: string): { value: unknown; offset: number } | undefined {
  const whole = safeJsonParse(text);
  if (whole) return { value: whole.value, offset: 0 };
  const lines = text.split('\n');
  for (let index = lines.length - 1; index >= 0; index--) {
    const candidate = lines[index]!.trim();
    if (!candidate.startsWith('{')) continue;
    const parsed = safeJsonParse(candidate);
    if (parsed) return { value: parsed.value, offset: index };
  }
  return undefined;
}

const compiled = new Map<string, z.ZodType | undefined>();

/** The shipped JSON Schema as a validator; `undefined` when the file is not a schema zod can read. */
function validatorOf(schemaText: string): z.ZodType | undefined {
  if (compiled.has(schemaText)) return compiled.get(schemaText);
  let validator: z.ZodType | undefined;
  try {
    const schema = JSON.parse(schemaText) as unknown;
    validator = typeof schema === 'object' && schema !== null ? z.fromJSONSchema(schema as never) : undefined;
  } catch {
    validator = undefined;
  }
  compiled.set(schemaText, validator);
  return validator;
}

type Issue = z.core.$ZodIssue;

/**
 * The issues of the union branch the value came closest to (the deepest path reached, then the fewest issues),
 * so a failing `oneOf` says `findings[0].severity: …` rather than `(root): Invalid input`.
 */
function closestIssues(issues: readonly Issue[]): readonly Issue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const depth = (branch: readonly Issue[]) => Math.max(...branch.map((inner) => inner.path.length));
    const best = [...issue.errors].sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0]!;
    return closestIssues(best).map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
  });
}

const scanned = new WeakMap<SkillDocument, readonly RuleViolation[]>();

function exampleViolations(skill: SkillDocument): readonly RuleViolation[] {
  const cached = scanned.get(skill);
  if (cached) return cached;
  const violations: RuleViolation[] = [];
  const schemas = skill.contractSchemas ?? {};
  for (const example of renderedExamples(skill, new Set(Object.keys(schemas)))) {
    const validator = validatorOf(schemas[example.contract]!);
    const written = writtenValue(example.text);
    if (validator === undefined || written === undefined) continue;
    const parsed = validator.safeParse(written.value);
    if (parsed.success) continue;
    const issues = closestIssues(parsed.error.issues)
      .slice(0, 3)
      .map((issue) => `${formatPath(issue.path)}: ${issue.message}`)
      .join('; ');
    violations.push({
      line: example.line + written.offset,
      message: `Example "${example.name}" of contract "${example.contract}" does not satisfy the schema the skill ships (references/${example.contract}.schema.json): ${issues}. An agent that writes it exactly, as the skill tells it to, is rejected.`,
    });
  }
  scanned.set(skill, violations);
  return violations;
}

/**
 * `contract-example-invalid`: a built skill shows an example of a contract that the contract's own shipped
 * JSON Schema rejects. Only for built skills that ship the schema beside them (`references/<id>.schema.json`).
 */
export const contractExampleInvalid = defineRule({
  id: 'contract-example-invalid',
  summary: 'Every contract example a built skill shows satisfies the JSON Schema it ships for that contract.',
  portable: 'error',
  fix: 'Correct the example in the contract (defineContract refuses one its schema rejects) and rebuild the pack.',
  check: (skill) => (skill.kind === 'skill' ? exampleViolations(skill) : []),
});
