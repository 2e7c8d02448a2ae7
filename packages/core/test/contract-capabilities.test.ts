import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadBuiltinContract } from '../src/builtin-loaders.js';
import { builtinContracts } from '../src/contracts.js';
import { defineContract, isContract, readsBySchemaAlone } from '../src/define-contract.js';
import { ProtocolError } from '../src/errors.js';
import { createContractRegistry, isContractRegistry } from '../src/registry.js';
import { ok } from '../src/result.js';

const plainSpec = {
  id: 'acme.plain',
  version: '1.0.0',
  title: 'Plain',
  description: 'A JSON object on its own line.',
  delivery: 'text',
  schema: z.strictObject({ n: z.number() }),
  examples: [{ name: 'one', value: { n: 1 } }],
} as const;
const plain = defineContract(plainSpec);

const derived = defineContract({
  id: 'acme.derived',
  version: '1.0.0',
  title: 'Derived',
  description: 'Falls back to a derived value when the message has none.',
  delivery: 'text',
  schema: z.strictObject({ n: z.number(), derived: z.boolean() }),
  examples: [{ name: 'one', value: { n: 1, derived: false } }],
  extract: (text) =>
    text === ''
      ? ok({ n: 0, derived: true }, [{ code: 'w', message: 'derived' }])
      : ok({ n: 1, derived: false }),
  rejectValue: (value, warnings) =>
    value.derived
      ? new ProtocolError('derived_value', `not written (${warnings.length} warning)`)
      : undefined,
  isAttempt: (error) => error.code !== 'derived_value',
  toCanonicalJson: (value) => ({ n: value.n }),
  readToolCalls: (calls) => (calls.length > 0 ? ok({ n: calls.length, derived: false }) : undefined),
});

describe('contract capabilities', () => {
  it('brands contracts and registries so a loaded module can be recognised', () => {
    expect(isContract(plain)).toBe(true);
    expect(isContract({ ...plain })).toBe(false);
    expect(isContract(null)).toBe(false);
    expect(isContractRegistry(createContractRegistry([plain]))).toBe(true);
    expect(isContractRegistry({ ids: [], list: () => [] })).toBe(false);
  });

  it('says which contracts are read by their schema alone (default extract and validate, no rejected value)', () => {
    expect(readsBySchemaAlone(plain)).toBe(true);
    expect(readsBySchemaAlone(derived)).toBe(false);
    expect(readsBySchemaAlone({ ...plain })).toBe(false);
    const validated = defineContract({
      id: 'acme.validated',
      version: '1.0.0',
      title: 'Validated',
      description: 'Its own validate.',
      delivery: 'text',
      schema: z.strictObject({ n: z.number() }),
      examples: [{ name: 'one', value: { n: 1 } }],
      validate: (value) => ok(value as { n: number }),
    });
    expect(readsBySchemaAlone(validated)).toBe(false);
    // A tool-delivered contract's answer is a submit call, never a JSON object of the final message.
    expect(readsBySchemaAlone(defineContract({ ...plainSpec, id: 'acme.submitted', delivery: 'tool' }))).toBe(
      false,
    );
    // Every built-in reads its answer with a parser of its own (markers, blocks, fallbacks) or validates it itself.
    for (const contract of builtinContracts.list())
      expect(readsBySchemaAlone(contract), contract.id).toBe(false);
  });

  it('fills the defaults: every value satisfies, only missing_payload is no attempt, the value is canonical', () => {
    expect(plain.judge(ok({ n: 2 }))).toEqual({ satisfied: true, value: { n: 2 }, warnings: [] });
    expect(plain.isAttempt(new ProtocolError('missing_payload', ''))).toBe(false);
    expect(plain.isAttempt(new ProtocolError('invalid_payload', ''))).toBe(true);
    expect(plain.toCanonicalJson({ n: 2 })).toEqual({ n: 2 });
    expect(plain.readToolCalls).toBeUndefined();
  });

  it('uses what the contract declares', () => {
    const judged = derived.judge(derived.extract(''));
    expect(judged).toMatchObject({ satisfied: false, value: { n: 0, derived: true } });
    if (judged.satisfied) return;
    expect(judged.error.code).toBe('derived_value');
    expect(derived.isAttempt(judged.error)).toBe(false);
    expect(derived.judge(derived.extract('x')).satisfied).toBe(true);
    expect(derived.toCanonicalJson({ n: 3, derived: false })).toEqual({ n: 3 });
    expect(derived.readToolCalls?.([{ name: 'Bash', input: {}, status: 'completed' }])).toEqual(
      ok({ n: 1, derived: false }),
    );
  });

  it('reads only the tool calls that completed: a pending, running, failed, declined or unconfirmed call delivered nothing', () => {
    const call = (status: string) => ({ name: 'Bash', input: {}, status });
    const unfinished = ['pending', 'running', 'error', 'declined', 'unconfirmed'].map(call);
    expect(derived.readToolCalls?.(unfinished)).toBeUndefined();
    expect(derived.readToolCalls?.([...unfinished, call('completed')])).toEqual(ok({ n: 1, derived: false }));
  });

  it('gives a contract that proves them itself (readsUnconfirmedCalls) the unconfirmed calls too, with their output', () => {
    const seen: unknown[] = [];
    const proving = defineContract({
      ...plainSpec,
      readsUnconfirmedCalls: true,
      readToolCalls: (calls) => {
        seen.push(...calls);
        return undefined;
      },
    });
    const unconfirmed = { name: 'Bash', input: {}, status: 'unconfirmed', output: 'done' };
    proving.readToolCalls?.([{ name: 'Bash', input: {}, status: 'error' }, unconfirmed]);
    expect(seen).toEqual([unconfirmed]);
  });

  it("reads only the last prompt's calls: a call made for an earlier prompt answered that prompt", () => {
    const earlier = { name: 'Bash', input: {}, status: 'completed', earlierPrompt: true };
    const current = { name: 'Bash', input: {}, status: 'completed', earlierPrompt: false };
    expect(derived.readToolCalls?.([earlier, earlier])).toBeUndefined();
    expect(derived.readToolCalls?.([earlier, current])).toEqual(ok({ n: 1, derived: false }));
  });

  it("reads only the agent's own calls: a subagent's call answered the agent that spawned it", () => {
    const subagent = { name: 'Bash', input: {}, status: 'completed', subagent: true };
    const own = { name: 'Bash', input: {}, status: 'completed', subagent: false };
    expect(derived.readToolCalls?.([subagent, subagent])).toBeUndefined();
    expect(derived.readToolCalls?.([subagent, own])).toEqual(ok({ n: 1, derived: false }));
  });

  it('loads a built-in contract by id, only its family', async () => {
    for (const id of builtinContracts.ids) expect((await loadBuiltinContract(id))?.id).toBe(id);
    expect(await loadBuiltinContract('acme.plain')).toBeUndefined();
    expect(await loadBuiltinContract('nodot')).toBeUndefined();
    expect(await loadBuiltinContract('__proto__.x')).toBeUndefined();
  });

  it('every built-in contract declares its behaviour through the same capabilities', () => {
    for (const contract of builtinContracts.list()) {
      expect(isContract(contract)).toBe(true);
      const example = contract.examples[0];
      if (example)
        expect(contract.judge(contract.extract(contract.render(example.value))).satisfied).toBe(true);
    }
  });
});
