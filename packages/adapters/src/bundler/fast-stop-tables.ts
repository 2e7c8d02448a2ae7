import type { AnyContract } from '@skillpack/core';
import { exampleOf, wordingOf } from '../hooks/stop-decision.js';
import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
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
  /** The contracts whose failure on a text attempting none of them the fast path reads and words. */
  readonly unattemptedReads: readonly string[];
}

/**
 * Each Stop-hook runtime whose payload the fast path can check and whose decisions it prints as that runtime
 * does (`renderStopHookOutput`): its fields' predicate and the field naming a chain of stops.
 */
async function runtimeEntries(): Promise<string[]> {
  // Loaded only now: the dialects' payload schemas load zod.
  const { HOOK_DIALECTS } = await import('../hook-runtimes.js');
  return HOOK_DIALECTS.ids.flatMap((id) => {
    const dialect = HOOK_DIALECTS.dialect(id);
    const fields = dialect.input.payloadFields;
    if (dialect.decide !== undefined || fields === undefined) return [];
    if (dialect.renderOutput !== renderStopHookOutput) return [];
    const accepts = validatorSourceOf(fields, 'accepted');
    if (!accepts.compiled) return [];
    const chain = dialect.input.chainIdField;
    const chainField = chain === undefined ? '' : `, chainIdField: ${JSON.stringify(chain)}`;
    return [`${JSON.stringify(id)}: { accepts: ${accepts.source}${chainField} }`];
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
 * How the fast path reads and words a text that attempts none of `contract` (see `UnattemptedRead`), or `null`:
 * the contract's own zod-free read of that failure, whose correction depends on the text; or, for a contract
 * read by its schema alone, the one failure of a text with no JSON object, its correction with it, unless the
 * contract counts that failure as an attempt.
 */
function unattemptedOf(
  contract: AnyContract,
  readsBySchemaAlone: (contract: AnyContract) => boolean,
  imports: FastStopImport[],
): string {
  // A contract that reads tool calls may be answered by a call, which a stop's payload does not carry.
  if (contract.readToolCalls !== undefined) return 'null';
  const worded = (failureOf: string, correction: string | null) =>
    `{ failureOf: ${failureOf}, title: ${JSON.stringify(contract.title)}, example: ${JSON.stringify(exampleOf(contract))}, correction: ${JSON.stringify(correction)} }`;
  const name = contract.plainRead?.unattempted;
  if (contract.plainRead && name !== undefined) {
    const local = `unattempted${imports.length}`;
    imports.push({ module: contract.plainRead.module, name, local });
    return worded(local, null);
  }
  if (!readsBySchemaAlone(contract)) return 'null';
  const judged = contract.judge(contract.extract(''));
  if (judged.satisfied || contract.isAttempt(judged.error)) return 'null';
  const { code, message } = judged.error;
  const correction = wordingOf({ contract, error: judged.error, attempted: false }).correction();
  return worded(`{ noJsonObject: ${JSON.stringify({ code, message })} }`, correction);
}

/** The source of the `ContractValidators` a pack's plugin or extension decides answers with, and what it needs. */
export interface FastAnswerTablesSource {
  readonly source: string;
  readonly imports: readonly FastStopImport[];
  readonly fallbacks: readonly ValidatorFallback[];
}

/**
 * Build-time: how each of `contracts` is read with nothing loaded (see `ContractValidators`): generated from its
 * schema, or its `plainRead`; a contract neither applies to is `null` and listed in `fallbacks`. `imports` is
 * extended with what the source names.
 */
async function contractReads(
  contracts: readonly AnyContract[],
  imports: FastStopImport[],
): Promise<FastAnswerTablesSource & { readonly readsBySchemaAlone: (contract: AnyContract) => boolean }> {
  // Loaded only now, as the dialects are: core's root loads zod, which nothing else of the bundler does.
  const { readsBySchemaAlone } = await import('@skillpack/core');
  const fallbacks: ValidatorFallback[] = [];
  const entries = contracts.map((contract) => {
    const validator = validatorOf(contract, readsBySchemaAlone, imports);
    if ('source' in validator) return `${JSON.stringify(contract.id)}: ${validator.source}`;
    fallbacks.push(validator);
    return `${JSON.stringify(contract.id)}: null`;
  });
  return { source: `{ ${entries.join(', ')} }`, imports, fallbacks, readsBySchemaAlone };
}

/**
 * Build-time: the `ContractValidators` of a pack's plugin or extension, which reads answers only: the
 * contracts' reads of the hook's tables, without the runtimes' payload checks or the unattempted readings
 * (a plugin evaluates what its source holds at start).
 */
export async function fastAnswerTablesSource(
  contracts: readonly AnyContract[],
): Promise<FastAnswerTablesSource> {
  const { source, imports, fallbacks } = await contractReads(contracts, []);
  return { source, imports, fallbacks };
}

/**
 * Build-time: the tables a pack hook's fast path runs on, for the `contracts` it carries, generated from the
 * runtimes' payload schemas and the contracts' reads (`fastAnswerTablesSource`'s). Beside them, how each
 * contract's failure on a text attempting none of them is read and worded (`unattemptedOf`), for a stop that
 * attempts no contract.
 */
export async function fastStopTablesSource(contracts: readonly AnyContract[]): Promise<FastStopTablesSource> {
  const imports: FastStopImport[] = [];
  const reads = await contractReads(contracts, imports);
  const unattemptedReads: string[] = [];
  const unattempted = contracts.map((contract) => {
    const read = unattemptedOf(contract, reads.readsBySchemaAlone, imports);
    if (read !== 'null') unattemptedReads.push(contract.id);
    return `${JSON.stringify(contract.id)}: ${read}`;
  });
  const source = `{ runtimes: { ${(await runtimeEntries()).join(', ')} }, contracts: ${reads.source}, unattempted: { ${unattempted.join(', ')} } }`;
  return { source, imports, fallbacks: reads.fallbacks, unattemptedReads };
}
