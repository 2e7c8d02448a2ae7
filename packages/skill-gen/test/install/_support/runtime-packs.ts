// A small pack for any runtime, laid out from its declaration (`install.skillForm`, `ownership`, `hookWiring`),
// so a test over SKILL_GEN_RUNTIME_LIST covers a runtime by its being declared.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import type { InstallScope } from '../../../src/install/layout.js';
import { SKILL_GEN_RUNTIME_LIST, skillGenRuntime } from '../../../src/runtimes/registry.js';
import { type PackFiles, tempDir, writePack } from './packs.js';

export const HOOK_PROGRAM = '// skillpack-hook (test stand-in)\nconsole.log("{}");\n';

/** The event a test pack's hook declares (any name works: install wires what the pack declares). */
export const HOOK_EVENT = 'Stop';

/** Every declared runtime with each scope. */
export const RUNTIME_SCOPES = SKILL_GEN_RUNTIME_LIST.flatMap((runtime) =>
  (['project', 'user'] as const).map((scope) => [runtime.id, scope] as const),
);

/** Runtimes whose install wires the hook into a configuration file (`hookWiring`), with each scope. */
export const WIRED_RUNTIME_SCOPES = RUNTIME_SCOPES.filter(
  ([id]) => skillGenRuntime(id).install.hookWiring !== undefined,
);

/** Where a file below the runtime's skills folder comes from in the pack, by its skill form. */
export function skillSource(runtime: RuntimeId, scope: InstallScope, target: string): string {
  const mapping = skillGenRuntime(runtime).install.skillForm.find((entry) => target.startsWith(entry[scope]));
  if (!mapping) throw new Error(`${runtime}: no skill form maps ${target}`);
  return mapping.from + target.slice(mapping[scope].length);
}

/** The skills folder of a runtime in a scope (`.gemini/skills/`). */
export const skillsFolder = (runtime: RuntimeId, scope: InstallScope) =>
  skillGenRuntime(runtime).install.ownership.skillsFolder[scope];

/** A pack for `runtime` with skill `demo` and, where the runtime wires one, a Stop hook. */
export function runtimePackFiles(
  runtime: RuntimeId,
  scope: InstallScope,
  options: { readonly hook?: boolean; readonly event?: string } = {},
): Record<string, PackFiles[string]> {
  const skill = '---\nname: demo\ndescription: Demo skill.\n---\nBody.\n';
  const files: Record<string, PackFiles[string]> = {
    [skillSource(runtime, scope, `${skillsFolder(runtime, scope)}demo/SKILL.md`)]: skill,
  };
  const wiring = skillGenRuntime(runtime).install.hookWiring;
  if (wiring && options.hook !== false) {
    const command = `node "${wiring.placeholder}/hooks/skillpack-hook.cjs" ${runtime} --contract demo.answer`;
    files[wiring.packFiles.config] = `${JSON.stringify({
      hooks: { [options.event ?? HOOK_EVENT]: [{ hooks: [{ type: 'command', command, timeout: 30 }] }] },
    })}\n`;
    files[wiring.packFiles.program] = HOOK_PROGRAM;
  }
  return files;
}

/**
 * A `demo-pack` of `runtimePackFiles(runtime, scope)` and an empty root to install it into (project folder and
 * home at once); `file` is the runtime's hook configuration there, `options` the install and uninstall options.
 */
export function wiredPackSetup(runtime: RuntimeId, scope: InstallScope, prefix: string) {
  const work = tempDir(prefix);
  const root = join(work, 'root');
  mkdirSync(root);
  const pack = writePack(
    join(work, 'pack'),
    { name: 'demo-pack', version: '1.0.0' },
    runtimePackFiles(runtime, scope),
  );
  const file = join(root, skillGenRuntime(runtime).install.hookWiring!.file);
  const options = { scope, projectDir: root, home: root, dryRun: false } as const;
  return { root, pack, file, options };
}
