import { RUNTIME_IDS } from '@skillpack/adapters';

/** The runtimes lint knows the load rules of; `portable` is the Agent Skills spec as `skills-ref` checks it. */
export const LINT_RUNTIMES = [...RUNTIME_IDS, 'portable'] as const;
/** A runtime whose load rules lint checks, one of `LINT_RUNTIMES`. */
export type LintRuntime = (typeof LINT_RUNTIMES)[number];

/** `error`: the runtime drops the skill or part of it; `warning`: it loads, but not as written; `info`: advice. */
export const SEVERITIES = ['error', 'warning', 'info'] as const;
/** How much a lint finding matters, one of `SEVERITIES`. */
export type Severity = (typeof SEVERITIES)[number];

export function isLintRuntime(value: string): value is LintRuntime {
  return (LINT_RUNTIMES as readonly string[]).includes(value);
}

/** Sort runtimes into the canonical `LINT_RUNTIMES` order. */
export function sortRuntimes(runtimes: Iterable<LintRuntime>): LintRuntime[] {
  const present = new Set(runtimes);
  return LINT_RUNTIMES.filter((runtime) => present.has(runtime));
}
