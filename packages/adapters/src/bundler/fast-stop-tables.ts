import type { AnyContract } from '@skillpack/core';
import { toStopHookOutput } from '../hooks/stop-decision.js';
import { validatorSourceOf } from './validator-source.js';

/** A hooked contract whose satisfied stops the hook's fast path cannot decide, and why. */
export interface ValidatorFallback {
  readonly id: string;
  readonly reason: string;
}

/** A binding the tables' source names: `import { name as local } from module` (a package specifier). */
export interface FastStopImport {
  readonly module: string;
  readonly name: string;
  readonly local: string;
}

/**
 * The source of a pack hook's `FastStopTables` (see `@skillpack/adapters/pack-hook`), the imports it needs
 * (the contracts' zod-free reads, which the bundle resolves where the pack is built), and the contracts left
 * to zod.
 */
export interface FastStopTablesSource {
  readonly source: string;
  readonly imports: readonly FastStopImport[];
  readonly fallbacks: readonly ValidatorFallback[];
}

/** Each Stop-hook runtime whose payload the fast path can check: its fields' predicate and its satisfied line. */
async function runtimeEntries(): Promise<string[]> {
  // Loaded only now: the dialects' payload schemas load zod.
  const { HOOK_DIALECTS } = await import('../hook-runtimes.js');
  const satisfied = toStopHookOutput({ kind: 'allow', because: 'satisfied', contractId: '' });
  return HOOK_DIALECTS.ids.flatMap((id) => {
    const dialect = HOOK_DIALECTS.dialect(id);
    const fields = dialect.input.payloadFields;
    if (dialect.decide !== undefined || fields === undefined) return [];
    const accepts = validatorSourceOf(fields, 'accepted');
    if (!accepts.compiled) return [];
    const line = JSON.stringify(dialect.renderOutput(satisfied));
    return [`${JSON.stringify(id)}: { accepts: ${accepts.source}, satisfied: ${line} }`];
  });
}

function validatorOf(
  contract: AnyContract,
  readsBySchemaAlone: (contract: AnyContract) => boolean,
  imports: FastStopImport[],
): { source: string } | ValidatorFallback {
  // Its answer is the run's submit calls, which a stop's payload does not carry: never the final message.
  if (contract.toolName !== undefined) {
    return {
      id: contract.id,
      reason: 'it is delivered as a tool: its answer is read from its submit calls alone',
    };
  }
  if (contract.plainRead) {
    const { module, name, validators, refinements = {} } = contract.plainRead;
    const local = `plainRead${imports.length}`;
    imports.push({ module, name, local });
    if (validators === undefined) return { source: `{ satisfiedBy: ${local} }` };
    const called = new Map<unknown, string>();
    for (const [refinement, fn] of Object.entries(refinements)) {
      called.set(fn, `${local}_${refinement}`);
      imports.push({ module, name: refinement, local: `${local}_${refinement}` });
    }
    // Each schema as core's `CompiledSchema`: a schema the generator cannot compile exactly has no predicate.
    const generated = Object.entries(validators()).map(([key, schema]) => {
      const predicate = validatorSourceOf(schema, 'accepted', called);
      const accepts = predicate.compiled ? predicate.source : 'null';
      const shape = (schema as { shape?: unknown }).shape;
      const keys = typeof shape === 'object' && shape !== null ? JSON.stringify(Object.keys(shape)) : 'null';
      return `${JSON.stringify(key)}: { accepts: ${accepts}, keys: ${keys} }`;
    });
    return { source: `{ satisfiedBy: ${local}({ ${generated.join(', ')} }) }` };
  }
  if (!readsBySchemaAlone(contract)) {
    return {
      id: contract.id,
      reason:
        'it reads its answer with an extract or validate of its own, or rejects values its schema accepts',
    };
  }
  const generated = validatorSourceOf(contract.schema);
  return generated.compiled ? { source: generated.source } : { id: contract.id, reason: generated.reason };
}

/**
 * Build-time: the tables a pack hook's fast path runs on, for the `contracts` it carries, generated from the
 * runtimes' payload schemas and the contracts' schemas (plain code, no zod); a contract with a `plainRead`
 * is read by it. A contract neither applies to is `null` there (the whole hook decides its stops) and listed
 * in `fallbacks`.
 */
export async function fastStopTablesSource(contracts: readonly AnyContract[]): Promise<FastStopTablesSource> {
  // Loaded only now, as the dialects are: core's root loads zod, which nothing else of the bundler does.
  const { readsBySchemaAlone } = await import('@skillpack/core');
  const fallbacks: ValidatorFallback[] = [];
  const imports: FastStopImport[] = [];
  const entries = contracts.map((contract) => {
    const validator = validatorOf(contract, readsBySchemaAlone, imports);
    if ('source' in validator) return `${JSON.stringify(contract.id)}: ${validator.source}`;
    fallbacks.push(validator);
    return `${JSON.stringify(contract.id)}: null`;
  });
  const source = `{ runtimes: { ${(await runtimeEntries()).join(', ')} }, contracts: { ${entries.join(', ')} } }`;
  return { source, imports, fallbacks };
}
