import type { AnyContract, ProtocolError } from '@skillpack/core';

/** The two scripted final answers doctor proves a hooked contract with. */
export interface DoctorAnswers {
  /** `render(example.value)`: an answer the contract accepts. */
  readonly right: string;
  /** A rendered mutation of an example that the contract rejects as a real attempt. */
  readonly wrong: string;
  /** How `wrong` was made, for the report: `deny: dropped "reason"`. */
  readonly mutation: string;
  /** The correction the hook must send back for `wrong`: `contract.correct(error)`. */
  readonly correction: string;
}

export type DoctorAnswersResult =
  | { readonly success: true; readonly data: DoctorAnswers }
  | { readonly success: false; readonly error: string };

interface Mutation {
  readonly label: string;
  readonly value: unknown;
}

const INVALID_ENUM = 'skillpack-doctor-not-a-valid-value';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wrongType(value: unknown): unknown {
  return typeof value === 'string' ? 42 : 'skillpack-doctor-wrong-type';
}

function brokenNested(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 && isRecord(value[0]) ? [{}] : [42];
  return {};
}

/**
 * The mutations of an object value, in the order doctor tries them: drop a key, give a key the wrong type,
 * an invalid enum value, then break a nested object or array. Pure.
 */
export function mutationsOf(value: unknown): Mutation[] {
  if (!isRecord(value)) return [{ label: 'replaced by a string of the wrong type', value: wrongType(value) }];
  const keys = Object.keys(value);
  const withKey = (key: string, replacement: unknown) => ({ ...value, [key]: replacement });
  return [
    ...keys.map((key) => {
      const { [key]: _dropped, ...rest } = value;
      return { label: `dropped "${key}"`, value: rest };
    }),
    ...keys.map((key) => ({
      label: `"${key}" of the wrong type`,
      value: withKey(key, wrongType(value[key])),
    })),
    ...keys
      .filter((key) => typeof value[key] === 'string')
      .map((key) => ({ label: `"${key}" not a valid value`, value: withKey(key, INVALID_ENUM) })),
    ...keys
      .filter((key) => typeof value[key] === 'object' && value[key] !== null)
      .map((key) => ({ label: `"${key}" broken`, value: withKey(key, brokenNested(value[key])) })),
  ];
}

function tryRender(contract: AnyContract, value: unknown): string | undefined {
  try {
    const text = contract.render(value);
    return typeof text === 'string' && text.trim() !== '' ? text : undefined;
  } catch {
    return undefined;
  }
}

function satisfies(contract: AnyContract, text: string): boolean {
  try {
    return contract.judge(contract.extract(text)).satisfied;
  } catch {
    return false;
  }
}

/** The error `contract` gives `text` when it is a rejected attempt; `undefined` otherwise. */
function attemptError(contract: AnyContract, text: string): ProtocolError | undefined {
  try {
    const judged = contract.judge(contract.extract(text));
    return !judged.satisfied && contract.isAttempt(judged.error) ? judged.error : undefined;
  } catch {
    return undefined;
  }
}

function parseObject(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The wrong answers to try for one example, in order: each value mutation rendered by the contract; then,
 * since a text contract's `render` refuses a value it cannot write (a maestro block, a Conflux verdict),
 * the same mutations applied to each JSON line of the rendered example; then the rendered example with one
 * line left out at a time (a block without its STATUS line, a GATED marker without its JSON verdict).
 */
function* wrongCandidates(contract: AnyContract, name: string, value: unknown): Generator<Mutation> {
  for (const mutation of mutationsOf(value)) {
    const text = tryRender(contract, mutation.value);
    if (text !== undefined) yield { label: `${name}: ${mutation.label}`, value: text };
  }
  const rendered = tryRender(contract, value);
  if (rendered === undefined) return;
  const lines = rendered.split('\n');
  for (const [index, line] of lines.entries()) {
    const object = parseObject(line.trim());
    if (object === undefined) continue;
    for (const mutation of mutationsOf(object)) {
      const changed = lines.map((other, i) => (i === index ? JSON.stringify(mutation.value) : other));
      yield { label: `${name}: JSON line ${index + 1} ${mutation.label}`, value: changed.join('\n') };
    }
  }
  if (lines.length < 2) return;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const rest = lines.filter((_, i) => i !== index);
    yield { label: `${name}: line ${JSON.stringify(line.slice(0, 40))} left out`, value: rest.join('\n') };
  }
}

/**
 * A right and a wrong final answer for any contract, built-in or a user's: right is `render(example.value)`
 * of the first example that the contract accepts back; wrong is the first mutation of an example (see
 * `wrongCandidates`) whose `extract` fails with `isAttempt(error)` true. Pure; never throws.
 */
export function deriveAnswers(contract: AnyContract): DoctorAnswersResult {
  const examples = contract.examples ?? [];
  if (examples.length === 0)
    return { success: false, error: `${contract.id} has no example to derive an answer from` };
  const right = examples
    .map((example) => tryRender(contract, example.value))
    .find((text): text is string => text !== undefined && satisfies(contract, text));
  if (right === undefined)
    return { success: false, error: `no example of ${contract.id} renders to an answer it accepts` };
  for (const example of examples) {
    for (const candidate of wrongCandidates(contract, example.name, example.value)) {
      const wrong = candidate.value as string;
      const error = attemptError(contract, wrong);
      if (error === undefined) continue;
      let correction: string;
      try {
        correction = contract.correct(error);
      } catch {
        continue;
      }
      return { success: true, data: { right, wrong, mutation: candidate.label, correction } };
    }
  }
  return {
    success: false,
    error: `no mutation of an example of ${contract.id} renders to an answer it rejects as an attempt`,
  };
}
