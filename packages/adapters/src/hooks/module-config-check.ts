import { ENFORCE_MODES, type EnforceMode } from './stop-decision.js';

/** A module configuration as its runtime's schema outputs it, with the runtime's budget key. */
export type CheckedModuleConfig<Budget extends string> = {
  readonly $schema?: string;
  readonly contracts: string[];
  readonly enforce?: EnforceMode;
} & { readonly [key in Budget]?: number };

function optional(value: unknown, accepts: (present: unknown) => boolean): boolean {
  return value === undefined || accepts(value);
}

/**
 * Whether the runtime's configuration schema (`OpenCodePluginConfigSchema`, `PiExtensionConfigSchema`: a
 * strict object of `$schema`, `contracts`, the budget `budgetKey` and `enforce`) accepts `value` and outputs
 * it unchanged, checked as plain code so a module starts with no zod; a refused value goes to the schema,
 * which words the error. Pure.
 */
export function isModuleConfig<Budget extends string>(
  value: unknown,
  budgetKey: Budget,
): value is CheckedModuleConfig<Budget> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const config = value as Record<string, unknown>;
  const known = ['$schema', 'contracts', budgetKey, 'enforce'];
  if (Object.keys(config).some((key) => !known.includes(key))) return false;
  const contracts = config.contracts;
  return (
    Object.hasOwn(config, 'contracts') &&
    Array.isArray(contracts) &&
    contracts.length > 0 &&
    contracts.every((id) => typeof id === 'string' && id !== '') &&
    optional(config.$schema, (schema) => typeof schema === 'string') &&
    optional(
      config[budgetKey],
      (budget) => Number.isInteger(budget) && (budget as number) >= 0 && (budget as number) <= 100,
    ) &&
    optional(config.enforce, (mode) => (ENFORCE_MODES as readonly unknown[]).includes(mode))
  );
}
