import type { RuntimeId } from '@skillpack/adapters';
import { UsageError } from '../cli/exit-code.js';
import type { InstallForm } from '../install/layout.js';
import { SKILL_GEN_RUNTIME_LIST, skillGenRuntime } from '../runtimes/registry.js';
import type { SkillGenRuntime } from '../runtimes/runtime-declaration.js';

function owners(applies: (runtime: SkillGenRuntime) => boolean): string {
  return SKILL_GEN_RUNTIME_LIST.filter(applies)
    .map((runtime) => runtime.id)
    .join(' or ');
}

/**
 * Refuse an `install` option that the chosen runtime does not take: `--form plugin` where the runtime's
 * declaration has no plugin form, and a runtime's own options (`install.options`, `--trust-codex-hooks`) for
 * another runtime.
 */
export function checkRuntimeOptions(
  runtime: RuntimeId,
  form: InstallForm,
  values: Readonly<Record<string, unknown>>,
): void {
  if (form === 'plugin' && !skillGenRuntime(runtime).install.pluginForm) {
    const takers = owners((declaration) => declaration.install.pluginForm);
    throw new UsageError('invalid_option', `--form plugin applies only to --runtime ${takers}.`);
  }
  if (values['plugin-cli'] !== undefined && !skillGenRuntime(runtime).install.homePlugin) {
    const takers = owners((declaration) => declaration.install.homePlugin !== undefined);
    throw new UsageError('invalid_option', `--plugin-cli applies only to --runtime ${takers}.`);
  }
  for (const declaration of SKILL_GEN_RUNTIME_LIST) {
    for (const option of declaration.install.options) {
      const given = values[option] !== undefined && values[option] !== false;
      const own: readonly string[] = skillGenRuntime(runtime).install.options;
      if (!given || own.includes(option)) continue;
      const takers = owners((other) => other.install.options.includes(option));
      throw new UsageError('invalid_option', `--${option} applies only to --runtime ${takers}.`);
    }
  }
}
