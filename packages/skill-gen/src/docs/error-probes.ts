import type { AnyContract } from '@skillpack/core';

/** One documented failure: what was fed to the contract and the typed error it answered with. */
export interface ErrorProbe {
  readonly input: string;
  readonly code: string;
  readonly message: string;
}

const MESSAGE_LIMIT = 240;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value of another JSON type than `value`, so the schema rejects it. */
function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return 42;
  if (typeof value === 'number' || typeof value === 'boolean') return 'text';
  return 42;
}

function truncate(text: string): string {
  const chars = [...text];
  return chars.length <= MESSAGE_LIMIT ? text : `${chars.slice(0, MESSAGE_LIMIT - 1).join('')}…`;
}

/**
 * The errors a contract reports, found by running it: on no answer, on prose without the contract, on
 * `null`, and on its first example with one field (its first text field, else its first field) missing or
 * of the wrong type. Inputs the contract accepts (a fallback value, an optional field) are left out, so the
 * list shows only real failures.
 */
export function probeContractErrors(contract: AnyContract): ErrorProbe[] {
  const probes: { input: string; run: () => ReturnType<AnyContract['validate']> }[] = [
    { input: 'an empty message', run: () => contract.extract('') },
    { input: 'prose without the contract', run: () => contract.extract('The work is finished.') },
    { input: '`null` as the value', run: () => contract.validate(null) },
  ];
  const example = contract.examples[0]?.value;
  const keys = isPlainObject(example) ? Object.keys(example) : [];
  const field = keys.find((key) => typeof (example as Record<string, unknown>)[key] === 'string') ?? keys[0];
  if (isPlainObject(example) && field !== undefined) {
    const { [field]: removed, ...rest } = example;
    probes.push(
      { input: `the first example without \`${field}\``, run: () => contract.validate(rest) },
      {
        input: `the first example with \`${field}\` of the wrong type`,
        run: () => contract.validate({ ...example, [field]: wrongTypeFor(removed) }),
      },
    );
  }
  const found: ErrorProbe[] = [];
  for (const probe of probes) {
    let result: ReturnType<AnyContract['validate']>;
    try {
      result = probe.run();
    } catch (error) {
      // A contract must never throw on input; the page says so instead of hiding it.
      const message = error instanceof Error ? error.message : String(error);
      found.push({ input: probe.input, code: '(threw)', message: truncate(message) });
      continue;
    }
    if (result.success) continue;
    found.push({ input: probe.input, code: result.error.code, message: truncate(result.error.message) });
  }
  return found;
}
