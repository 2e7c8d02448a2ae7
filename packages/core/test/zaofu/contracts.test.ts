import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { builtinContracts } from '../../src/contracts.js';
import { ProtocolError } from '../../src/errors.js';
import { findMissingCompletionFields } from '../../src/zaofu/completion-payload.js';
import { HANDOFF_EVENT_TYPES } from '../../src/zaofu/event-types.js';
import {
  type ArchProposalDonePayload,
  archProposalDone,
  artifactManifestPublished,
  designCritiqueDone,
  gateFailed,
  routeGateFailed,
  zaofuContracts,
} from '../../src/zaofu/index.js';

const EVENT_TYPE_BY_ID: Record<string, string> = {
  'zaofu.arch-proposal-done': 'arch.proposal.done',
  'zaofu.design-critique-done': 'design.critique.done',
  'zaofu.gate-failed': 'gate.failed',
  'zaofu.artifact-manifest-published': 'artifact.manifest.published',
};

const examples = zaofuContracts.flatMap((contract) =>
  contract.examples.map((example) => [contract.id, example.name, contract, example.value] as const),
);

describe('zaofu contracts', () => {
  it('registers one payload contract per event type, also in the builtin registry', () => {
    expect(zaofuContracts.map((contract) => contract.id)).toEqual(Object.keys(EVENT_TYPE_BY_ID));
    expect(Object.values(EVENT_TYPE_BY_ID)).toEqual([...HANDOFF_EVENT_TYPES]);
    for (const contract of zaofuContracts) {
      expect(contract.delivery).toBe('payload');
      expect(contract.examples.length).toBeGreaterThanOrEqual(2);
      expect(builtinContracts.get(contract.id)).toBe(contract);
    }
  });

  it('types results with the payload schema', () => {
    expectTypeOf(archProposalDone.validate({})).toExtend<
      { success: true; data: ArchProposalDonePayload } | { success: false; error: ProtocolError }
    >();
  });

  it.each(examples)('%s example %s validates cleanly and unchanged', (_id, _name, contract, value) => {
    expect(contract.validate(value)).toEqual({ success: true, data: value });
  });

  it.each(examples)('%s example %s round-trips through render and extract', (id, _name, contract, value) => {
    const rendered = contract.render(value);
    expect(rendered.startsWith(`zf emit ${EVENT_TYPE_BY_ID[id]} --payload '`)).toBe(true);
    expect(contract.extract(`Done.\n\n\`\`\`bash\n${rendered}\n\`\`\``)).toEqual({
      success: true,
      data: value,
    });
    expect(contract.extract(JSON.stringify(value))).toEqual({ success: true, data: value });
  });

  it.each(examples)(
    '%s example %s validates against the emitted JSON Schema',
    (_id, _name, contract, value) => {
      const ajv = new Ajv2020({ strict: false });
      const validate = ajv.compile(contract.toJSONSchema());
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it.each(zaofuContracts.map((contract) => [contract.id, contract] as const))(
    '%s JSON Schema matches its snapshot and rejects an empty payload',
    async (id, contract) => {
      const schema = contract.toJSONSchema();
      await expect(`${JSON.stringify(schema, null, 2)}\n`).toMatchFileSnapshot(
        `__snapshots__/${id}.schema.json`,
      );
      expect(new Ajv2020({ strict: false }).compile(schema)({})).toBe(false);
    },
  );

  it.each([
    ['arch', archProposalDone],
    ['critique', designCritiqueDone],
  ] as const)('every %s example also satisfies the kernel completion contract', (_name, contract) => {
    for (const { value } of contract.examples) {
      const type = contract === archProposalDone ? 'arch.proposal.done' : 'design.critique.done';
      expect(findMissingCompletionFields(type, value)).toEqual([]);
    }
  });
});

describe('what the kernel merely audits is a warning, what the skill requires is a rejection', () => {
  const mutation = fc.record({
    drop: fc.subarray(['summary', 'changed_files', 'evidence_refs', 'dispatch_id', 'file_plan', 'test_plan']),
    blank: fc.subarray(['summary', 'changed_files', 'evidence_refs', 'verification_command', 'dispatch_id']),
    to: fc.constantFrom('', '   ', [], null, 0, {}, 'x', ['  ']),
  });

  it.each([
    ['arch.proposal.done', archProposalDone],
    ['design.critique.done', designCritiqueDone],
  ] as const)('%s: every kernel-missing field but summary is a warning', (type, contract) => {
    fc.assert(
      fc.property(fc.constantFrom(...contract.examples.map((e) => e.value)), mutation, (example, change) => {
        const payload: Record<string, unknown> = { ...example };
        for (const key of change.drop) delete payload[key];
        for (const key of change.blank) payload[key] = change.to;
        const result = contract.validate(payload);
        const missing = findMissingCompletionFields(type, payload);
        if (missing.includes('summary')) expect(result.success).toBe(false);
        if (!result.success) return;
        const audited = (result.warnings ?? []).filter((w) => w.code === 'completion_audit_field');
        expect(audited.map((w) => w.details?.field)).toEqual(missing);
      }),
      { numRuns: 300 },
    );
  });
});

describe('arch.proposal.done', () => {
  const base = archProposalDone.examples[1]!.value;

  it('rejects an object in artifact_refs and says to publish a manifest first', () => {
    const payload = { ...base, artifact_refs: ['docs/a.md', { kind: 'plan', path: 'docs/p.md' }] };
    const result = archProposalDone.validate(payload);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.code).toBe('object_artifact_ref');
    expect(result.error.details.fieldPath).toBe('artifact_refs[1]');
    expect(result.error.message).toContain('artifact.manifest.published');
    expect(result.error.message).toContain('artifact_manifest_event_id');
  });

  it('warns, as the kernel does, when residual_risks and next_agent_input are missing', () => {
    const { residual_risks: _r, next_agent_input: _n, ...payload } = base;
    const result = archProposalDone.validate(payload);
    expect(result.success && result.warnings?.map((w) => w.details?.field)).toEqual([
      'residual_risks',
      'next_agent_input',
    ]);
  });

  it.each([
    ['neither test_plan nor verification_command', { verification_command: undefined }, '(root)'],
    ['an empty file_plan', { file_plan: [] }, 'file_plan'],
    ['a parent path in file_plan', { file_plan: ['../x.ts'] }, 'file_plan[0]'],
    ['an absolute path in file_plan', { file_plan: ['/etc/x'] }, 'file_plan[0]'],
    ['a runtime path in file_plan', { file_plan: ['.zf/state.json'] }, 'file_plan[0]'],
    ['a blank summary', { summary: ' \u001c ' }, 'summary'],
    ['no dispatch_id', { dispatch_id: undefined }, 'dispatch_id'],
    [
      'min_required above the cases',
      { test_plan: { framework: 'v', location: 'l', cases: ['a'], min_required: 2 } },
      'test_plan.min_required',
    ],
  ] as const)('rejects %s', (_name, change, fieldPath) => {
    const payload = JSON.parse(JSON.stringify({ ...base, ...change })) as unknown;
    const result = archProposalDone.validate(payload);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.code).toBe('invalid_payload');
    expect(result.error.details.fieldPath).toBe(fieldPath);
  });
});

describe('arch.proposal.done: the seed requires summary, file_plan, test_plan or verification_command, dispatch_id', () => {
  const minimal = {
    summary: 'Expose the retry budget as a configuration option.',
    file_plan: ['src/config/schema.ts'],
    verification_command: 'uv run pytest tests/test_config.py',
    dispatch_id: 'disp-arch-3',
  };

  it('accepts the minimal payload, warning about what the kernel audits', () => {
    const result = archProposalDone.validate(minimal);
    expect(result.success).toBe(true);
    expect(result.success && result.warnings?.map((w) => [w.code, w.details?.field])).toEqual([
      ['completion_audit_field', 'changed_files'],
      ['completion_audit_field', 'evidence_refs'],
      ['completion_warn_field', 'residual_risks'],
      ['completion_warn_field', 'next_agent_input'],
    ]);
  });

  it.each([
    ['the kernel-read flow_kind', { flow_kind: 'feat' }],
    ['an empty evidence_refs', { evidence_refs: [] }],
    [
      'a test_plan instead of the command',
      {
        verification_command: undefined,
        test_plan: { framework: 'vitest', location: 't.ts', cases: ['a'], min_required: 1 },
      },
    ],
  ] as const)('accepts %s', (_name, change) => {
    const payload = JSON.parse(JSON.stringify({ ...minimal, ...change })) as unknown;
    const result = archProposalDone.validate(payload);
    expect(result.success).toBe(true);
    if (result.success && 'flow_kind' in change) expect(result.data).toMatchObject(change);
  });
});

describe('design.critique.done and gate.failed', () => {
  const [approve, reject] = designCritiqueDone.examples.map((e) => e.value);

  it.each([
    ['an approval with fix items', { ...approve, fix_items: ['x'] }, 'fix_items'],
    ['a rejection without fix items', { ...reject, fix_items: [] }, 'fix_items'],
    ['an unknown verdict', { ...approve, verdict: 'maybe' }, 'verdict'],
    ['findings on an approval', { ...approve, findings: [] }, 'findings'],
    [
      'a bad finding severity',
      { ...reject, findings: [{ axis: 'tdd', severity: 'urgent', issue: 'x' }] },
      'findings[0].severity',
    ],
  ] as const)('critique rejects %s', (_name, payload, fieldPath) => {
    const result = designCritiqueDone.validate(payload);
    expect(result.success || result.error.details.fieldPath).toBe(fieldPath);
  });

  it.each([
    [{ verdict: 'SUSPEND' }, 'escalate'],
    [{ verdict: 'suspend' }, 'escalate'],
    [{ verdict: 'REJECT' }, 'rework'],
    [{ verdict: ' SUSPEND' }, 'rework'],
    [{}, 'rework'],
    [undefined, 'rework'],
    ['SUSPEND', 'rework'],
    [JSON.parse('{"__proto__":{"verdict":"SUSPEND"}}'), 'rework'],
  ] as const)('routes gate.failed %j to %s as the kernel reads it', (payload, route) => {
    expect(routeGateFailed(payload)).toBe(route);
  });

  it('gate.failed takes REJECT and SUSPEND only, in upper case', () => {
    const value = gateFailed.examples[0]!.value;
    expect(gateFailed.validate({ ...value, verdict: 'reject' }).success).toBe(false);
    expect(gateFailed.validate({ ...value, verdict: 'SUSPEND' }).success).toBe(true);
  });
});

describe('artifact.manifest.published', () => {
  const manifest = artifactManifestPublished.examples[1]!.value;
  const ref = manifest.artifact_refs[0]!;
  const withRef = (change: Record<string, unknown>) => ({
    ...manifest,
    artifact_refs: [{ ...ref, ...change }],
  });

  it.each([
    ['Approved', 'accepted'],
    [' APPROVE ', 'accepted'],
    ['Draft', 'draft'],
    ['', undefined],
  ] as const)('normalises status %j to %j', (status, expected) => {
    const result = artifactManifestPublished.validate(withRef({ status }));
    expect(result.success && result.data.artifact_refs[0]!.status).toBe(expected);
  });

  it.each([
    ['a parent path', { path: 'docs/../../x' }, 'artifact_refs[0].path'],
    ['a .git path', { path: '.git/config' }, 'artifact_refs[0].path'],
    ['a .zf path outside artifacts', { path: '.zf/kanban.json' }, 'artifact_refs[0].path'],
    ['an absolute path', { path: '/srv/x.md' }, 'artifact_refs[0].path'],
    ['a short sha256', { sha256: 'abc' }, 'artifact_refs[0].sha256'],
    ['version 0', { version: 0 }, 'artifact_refs[0].version'],
    ['an unknown status', { status: 'published' }, 'artifact_refs[0].status'],
    ['a workdir escape', { workdir_path: '../escape' }, 'artifact_refs[0].workdir_path'],
  ] as const)('rejects %s', (_name, change, fieldPath) => {
    const result = artifactManifestPublished.validate(withRef(change));
    expect(result.success || result.error.details.fieldPath).toBe(fieldPath);
  });

  it('accepts .zf/artifacts paths and semver version labels', () => {
    expect(
      artifactManifestPublished.validate(withRef({ path: '.zf/artifacts/x.md', version: '0.1.0' })).success,
    ).toBe(true);
  });
});

describe('extract: finding the payload in an agent message', () => {
  const value = archProposalDone.examples[1]!.value;
  const json = JSON.stringify(value);

  it('takes a zf emit call over a bare JSON object and applies --dispatch-id', () => {
    const bare = JSON.stringify({ ...value, summary: 'An older draft of the proposal.' });
    const text = `${bare}\n\nNow emitting:\n\n$ zf emit arch.proposal.done --dispatch-id D-7 --payload '${json}'`;
    expect(archProposalDone.extract(text)).toEqual({ success: true, data: { ...value, dispatch_id: 'D-7' } });
  });

  it('reads an event envelope for the right type and ignores other types', () => {
    const envelope = JSON.stringify({ type: 'arch.proposal.done', id: 'evt-1', payload: value });
    const other = JSON.stringify({ type: 'dev.build.done', payload: { summary: 'x' } });
    expect(archProposalDone.extract(`${envelope}\n${other}`)).toEqual({ success: true, data: value });
  });

  it('ignores zf emit calls for other event types', () => {
    const text = `zf emit gate.failed --payload '${JSON.stringify(gateFailed.examples[0]!.value)}'`;
    expect(archProposalDone.extract(text)).toMatchObject({
      success: false,
      error: { code: 'missing_payload' },
    });
  });

  it('reports the typed candidate failure first', () => {
    const text = `${JSON.stringify({ unrelated: true })}\nzf emit arch.proposal.done --payload '{"summary":"x"}'`;
    const result = archProposalDone.extract(text);
    expect(result.success || [result.error.code, result.error.details.fieldPath]).toEqual([
      'invalid_payload',
      'file_plan',
    ]);
  });

  it('reports a typed call with broken shell quoting', () => {
    const result = archProposalDone.extract(`zf emit arch.proposal.done --payload '{"summary":"x"}`);
    expect(result.success || result.error.code).toBe('invalid_shell_syntax');
  });

  it('says when the payload lives in a file the message does not contain', () => {
    const result = archProposalDone.extract('zf emit arch.proposal.done --payload-file .zf/tmp/p.json');
    expect(result.success || result.error.code).toBe('payload_in_file');
  });

  it('falls back to a valid bare JSON object when the typed call is broken', () => {
    const text = `zf emit arch.proposal.done --payload '{oops'\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
    expect(archProposalDone.extract(text)).toEqual({ success: true, data: value });
  });

  it('reads CRLF messages without carrying \\r into option values', () => {
    const text = `Done.\r\nzf emit arch.proposal.done --payload '${json}' --dispatch-id D-8\r\n`;
    expect(archProposalDone.extract(text)).toEqual({ success: true, data: { ...value, dispatch_id: 'D-8' } });
  });

  it('reads runtime event lines through unwrapLine', () => {
    const line = JSON.stringify({
      type: 'assistant',
      text: `zf emit arch.proposal.done --payload '${json}'`,
    });
    const unwrapLine = (raw: string) => {
      const parsed = JSON.parse(raw) as { text?: string };
      return typeof parsed.text === 'string' ? parsed.text : undefined;
    };
    expect(archProposalDone.extract(`${line}\r\n`, { unwrapLine })).toEqual({ success: true, data: value });
  });
});

describe('contracts on junk', () => {
  const junk: readonly unknown[] = [
    undefined,
    null,
    '',
    '{',
    [],
    42,
    'x'.repeat(2_000_000),
    `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    JSON.parse('{"__proto__":{"polluted":true},"summary":"x"}'),
    '{"__proto__":{"polluted":true}}',
    'zf emit arch.proposal.done --payload \'{"__proto__":{"polluted":true}}\'',
    '{"summary":"\ud800"}\r\n',
    { artifact_refs: [{ __proto__: { polluted: true } }] },
  ];

  it.each(zaofuContracts.flatMap((c) => junk.map((j, i) => [c.id, i, c, j] as const)))(
    '%s never throws on junk #%i',
    (_id, _index, contract, value) => {
      const validated = contract.validate(value);
      const extracted = contract.extract(value as string);
      for (const result of [validated, extracted]) {
        expect(result.success).toBe(false);
        if (!result.success) {
          expect(result.error).toBeInstanceOf(ProtocolError);
          expect(result.error.message.length).toBeLessThan(2000);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
