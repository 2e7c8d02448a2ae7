import type { RuntimeId } from '@skillpack/adapters';
import type { OptionDeclarations } from '../cli/command.js';
import { UsageError } from '../cli/exit-code.js';
import type { InstallForm } from '../install/layout.js';
import { hasPluginForm } from '../install/runtime-layout.js';
import { SKILL_GEN_RUNTIME_LIST, skillGenRuntime } from '../runtimes/registry.js';
import type { SkillGenRuntime } from '../runtimes/runtime-declaration.js';

function owners(applies: (runtime: SkillGenRuntime) => boolean): string {
  return SKILL_GEN_RUNTIME_LIST.filter(applies)
    .map((runtime) => runtime.id)
    .join(' or ');
}

/** The options only some runtimes take, declared by them (`install.options`), for `install` or `uninstall`. */
export function runtimeOnlyOptions(command: 'install' | 'uninstall'): OptionDeclarations {
  return Object.fromEntries(
    SKILL_GEN_RUNTIME_LIST.flatMap((runtime) =>
      Object.entries(runtime.install.options)
        .filter(([, option]) => command === 'install' || option.uninstall === true)
        .map(([name, option]) => [name, option.declaration]),
    ),
  );
}

/**
 * The install (or uninstall) options a runtime's own steps read, by the field each declares (`--codex-form F`
 * is `codexForm`).
 */
export function runtimeOptionFields(
  runtime: RuntimeId | undefined,
  values: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const declarations = runtime === undefined ? SKILL_GEN_RUNTIME_LIST : [skillGenRuntime(runtime)];
  return Object.fromEntries(
    declarations.flatMap((declaration) =>
      Object.entries(declaration.install.options).flatMap(([name, option]) =>
        values[name] === undefined ? [] : [[option.field, values[name]]],
      ),
    ),
  );
}

/**
 * Refuse an option that the chosen runtime does not take: `--form plugin` where the runtime's declaration has no
 * plugin form, `--plugin-cli` where its CLI installs none, and a runtime's own options (`install.options`,
 * `--trust-codex-hooks`) for another runtime.
 */
export function checkRuntimeOptions(
  runtime: RuntimeId,
  form: InstallForm,
  values: Readonly<Record<string, unknown>>,
): void {
  const own = skillGenRuntime(runtime);
  if (form === 'plugin' && !hasPluginForm(own)) {
    const takers = owners(hasPluginForm);
    throw new UsageError('invalid_option', `--form plugin applies only to --runtime ${takers}.`);
  }
  if (values['plugin-cli'] !== undefined && !own.install.homePlugin) {
    const takers = owners((declaration) => declaration.install.homePlugin !== undefined);
    throw new UsageError('invalid_option', `--plugin-cli applies only to --runtime ${takers}.`);
  }
  for (const declaration of SKILL_GEN_RUNTIME_LIST) {
    for (const option of Object.keys(declaration.install.options)) {
      const given = values[option] !== undefined && values[option] !== false;
      if (!given || Object.hasOwn(own.install.options, option)) continue;
      const takers = owners((other) => Object.hasOwn(other.install.options, option));
      throw new UsageError('invalid_option', `--${option} applies only to --runtime ${takers}.`);
    }
  }
}
