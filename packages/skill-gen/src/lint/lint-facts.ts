import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import type { LintDeclarations } from './lint-declaration.js';
import type { LintRuntime } from './runtimes.js';
import { SPEC_KEYS } from './spec-keys.js';

/** What the lint rules read of the runtimes' declarations, gathered once per rule set. */
export interface LintFacts {
  /** The front-matter keys each runtime reads; `portable` is the Agent Skills spec. */
  readonly recognised: Readonly<Record<LintRuntime, readonly string[]>>;
  /** Keys of each runtime's source section that `build` writes elsewhere than SKILL.md. */
  readonly sidecar: Readonly<Record<RuntimeId, readonly string[]>>;
  /** What stands for the skill's folder at the start of a path in a body (`$VAR/`, `${VAR}/`), every runtime's. */
  readonly skillFolderPrefixes: readonly string[];
}

/** The facts the runtimes' declarations give (`lint.recognisedKeys`, `lint.sidecarKeys`, `lint.skillFolderVariables`). */
export function lintFacts(declarations: LintDeclarations): LintFacts {
  const each = <T>(value: (id: RuntimeId) => T) =>
    Object.fromEntries(RUNTIME_IDS.map((id) => [id, value(id)])) as Record<RuntimeId, T>;
  const variables = [...new Set(RUNTIME_IDS.flatMap((id) => declarations[id].skillFolderVariables))];
  return {
    recognised: { ...each((id) => declarations[id].recognisedKeys), portable: SPEC_KEYS },
    sidecar: each((id) => declarations[id].sidecarKeys),
    skillFolderPrefixes: variables.flatMap((name) => [`\${${name}}/`, `$${name}/`]),
  };
}
