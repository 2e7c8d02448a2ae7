import { ConfigError } from '@skillpack/core';

/** How long one contract module may take to import (its top-level code and awaits), unless configured. */
export const DEFAULT_CONTRACT_MODULE_TIMEOUT_MS = 10_000;

/** The environment variable that sets that bound, in milliseconds. */
export const CONTRACT_MODULE_TIMEOUT_ENV = 'SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS';

/**
 * The import bound `env` asks for: a whole number of milliseconds from 1 to 600000 in
 * `SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS`, else the default. Anything else is a ConfigError naming the value.
 */
export function contractModuleTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const text = env[CONTRACT_MODULE_TIMEOUT_ENV];
  if (text === undefined || text === '') return DEFAULT_CONTRACT_MODULE_TIMEOUT_MS;
  const value = /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(value >= 1 && value <= 600_000)) {
    throw new ConfigError(
      'contract_module_timeout_invalid',
      `${CONTRACT_MODULE_TIMEOUT_ENV} is ${JSON.stringify(text)}; expected a whole number of milliseconds from 1 to 600000.`,
      { details: { variable: CONTRACT_MODULE_TIMEOUT_ENV, value: text } },
    );
  }
  return value;
}
