import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Conflux verdict shape lives in `schemas.ts` only: the parser's hand checks locate and pre-check, and
 * the schema makes the value. This test does what a contributor would: it copies core's sources, adds one
 * optional field to each object of the verdict in `schemas.ts` alone, and parses with the copy. The parser
 * must keep every added field, refuse an invalid one (never drop it), and the renderer must write it.
 */
const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
let copy: string;
type Parse = typeof import('../../src/conflux/parse-output.js').safeParseAcceptanceOutput;
type Render = typeof import('../../src/conflux/render.js').renderVerdict;
let parse: Parse;
let render: Render;

/** Insert `note: TextSchema.optional(),` as the first field of the object whose declaration ends `anchor`. */
function addNote(source: string, anchor: string): string {
  const start = source.indexOf(anchor);
  if (start < 0) throw new Error(`schemas.ts no longer declares ${anchor}`);
  const at = start + anchor.length;
  return `${source.slice(0, at)}\n  note: TextSchema.optional(),${source.slice(at)}`;
}

beforeAll(async () => {
  // Inside the package, so the copy resolves zod the way the sources do.
  copy = mkdtempSync(join(PACKAGE, '.schema-edit-'));
  cpSync(join(PACKAGE, 'src'), join(copy, 'src'), { recursive: true });
  const schemas = join(copy, 'src/conflux/schemas.ts');
  let source = readFileSync(schemas, 'utf8');
  source = addNote(source, 'export const FindingFileExpectationSchema = z.strictObject({');
  source = addNote(source, 'export const RepositoryFindingSchema = z\n  .strictObject({');
  source = addNote(source, 'export const AcceptanceBlockerSchema = z.strictObject({');
  source = source.replace(
    "const PassVerdictSchema = z.strictObject({ acceptance: z.literal('pass') });",
    "const PassVerdictSchema = z.strictObject({ acceptance: z.literal('pass'), note: TextSchema.optional() });",
  );
  writeFileSync(schemas, source);
  parse = (await import(join(copy, 'src/conflux/parse-output.ts'))).safeParseAcceptanceOutput;
  render = (await import(join(copy, 'src/conflux/render.ts'))).renderVerdict;
});

afterAll(() => {
  if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
});

const expectation = { file: 'src/a.ts', description: 'd', note: 'on the expectation' };
const finding = {
  id: 'X',
  severity: 'major',
  summary: 's',
  evidence: ['e'],
  required_changes: [expectation],
  verification: [expectation],
  note: 'on the finding',
};
const blocker = {
  category: 'credential',
  evidence: ['e'],
  unblock_condition: 'u',
  next_action: 'n',
  resumable: true,
  note: 'on the blocker',
};

describe('a field added to schemas.ts alone', () => {
  it('is kept by the parser at every level it was added', () => {
    const pass = parse(JSON.stringify({ acceptance: 'pass', note: 'on the verdict' }));
    expect(pass.success && pass.data).toEqual({ acceptance: 'pass', note: 'on the verdict', source: 'json' });
    const fail = parse(JSON.stringify({ acceptance: 'fail', findings: [finding] }));
    expect(fail.success && fail.data).toEqual({ acceptance: 'fail', findings: [finding], source: 'json' });
    const gated = parse(JSON.stringify({ acceptance: 'gated', blocker }));
    expect(gated.success && gated.data).toEqual({ acceptance: 'gated', blocker, source: 'json' });
  });

  it('is refused with invalid_verdict when its value breaks the schema, never dropped', () => {
    const result = parse(JSON.stringify({ acceptance: 'gated', blocker: { ...blocker, note: 7 } }));
    expect(result.success).toBe(false);
    expect(!result.success && result.error.code).toBe('invalid_verdict');
    expect(!result.success && result.error.details.fieldPath).toBe('blocker.note');
  });

  it('is written by the renderer, and what it writes parses back', () => {
    const value = { acceptance: 'fail', findings: [finding] } as const;
    const text = render(value as never);
    expect(text.split('\n')[0]).toContain('"note":"on the finding"');
    const back = parse(text);
    expect(back.success && back.data).toEqual({ ...value, source: 'json' });
  });
});

describe('the unedited sources', () => {
  it('drop a field the schema does not declare, as the Conflux runtime ignores it', async () => {
    const { safeParseAcceptanceOutput } = await import('../../src/conflux/parse-output.js');
    const result = safeParseAcceptanceOutput(JSON.stringify({ acceptance: 'pass', note: 'x' }));
    expect(result.success && result.data).toEqual({ acceptance: 'pass', source: 'json' });
  });
});
