// A loose object's wire check as one generated function: a reader runs it on every event of a run (120 000
// `stream_event` lines in a 50 MB Claude Code run), and a loop over `checks[i](value[keys[i]])` reads every
// field through one megamorphic keyed load and calls every check indirectly, which V8's optimizing compiler
// cannot specialise (≈ 20 ms of a 50 MB parse). Generated code reads each field by its own name, tests a
// primitive field in place and calls a nested object's check from a call site of its own. It holds the same
// predicate as the loop: the same reads, in the same order, each once. Where code generation from strings
// is disallowed, the loop is the check.

/** Holds exactly when the schema it was compiled from accepts the value and would output it unchanged. */
export type WireCheck = (value: unknown) => boolean;

/** How a check is written in place: its test of the expression `x`, for the checks that have one. */
const INLINE = new WeakMap<WireCheck, (x: string) => string>();

/** Declare `check` as equal to the expression `test(x)`: object checks then test it in place. */
export function inlineAs<C extends WireCheck>(check: C, test: (x: string) => string): C {
  INLINE.set(check, test);
  return check;
}

/** `value === undefined || inner(value)`, written in place when `inner` is. */
export function orUndefined(inner: WireCheck): WireCheck {
  const check: WireCheck = (value) => value === undefined || inner(value);
  const test = INLINE.get(inner);
  return test ? inlineAs(check, (x) => `(${x} === undefined || ${test(x)})`) : check;
}

/** `value === null || inner(value)`, written in place when `inner` is. */
export function orNull(inner: WireCheck): WireCheck {
  const check: WireCheck = (value) => value === null || inner(value);
  const test = INLINE.get(inner);
  return test ? inlineAs(check, (x) => `(${x} === null || ${test(x)})`) : check;
}

function loopCheck(keys: readonly string[], checks: readonly WireCheck[]): WireCheck {
  const count = keys.length;
  return (value) => {
    // zod leaves an own `__proto__` key out of its output: such a value goes to zod, to be copied without it.
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    if (Object.hasOwn(value, '__proto__')) return false;
    for (let i = 0; i < count; i++) {
      if (!checks[i]!((value as Record<string, unknown>)[keys[i]!])) return false;
    }
    return true;
  };
}

function generatedSource(keys: readonly string[], checks: readonly WireCheck[]): string {
  const lines = [
    'return function wireObjectCheck(value) {',
    'if (typeof value !== "object" || value === null || Array.isArray(value)) return false;',
    'if (Object.hasOwn(value, "__proto__")) return false;',
    'let x;',
  ];
  keys.forEach((key, i) => {
    const test = INLINE.get(checks[i]!)?.('x') ?? `checks[${i}](x)`;
    lines.push(`x = value[${JSON.stringify(key)}];`, `if (!(${test})) return false;`);
  });
  lines.push('return true;', '};');
  return lines.join('\n');
}

/** Whether this process may compile code from strings (`--disallow-code-generation-from-strings`). */
let generates = true;

/** The generated check, or nothing where code generation from strings is disallowed. */
export function generatedObjectCheck(
  keys: readonly string[],
  checks: readonly WireCheck[],
): WireCheck | undefined {
  if (!generates) return undefined;
  try {
    return new Function('checks', generatedSource(keys, checks))(checks) as WireCheck;
  } catch (error) {
    if (!(error instanceof EvalError)) throw error;
    generates = false;
    return undefined;
  }
}

/**
 * The check of a loose object whose fields `keys` hold `checks` (fields that accept anything left out): an
 * object, no own `__proto__`, every field accepted; generated when `generate` says so and the process allows.
 */
export function objectCheck(
  keys: readonly string[],
  checks: readonly WireCheck[],
  generate: boolean,
): WireCheck {
  return (generate ? generatedObjectCheck(keys, checks) : undefined) ?? loopCheck(keys, checks);
}
