import { ConfigError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_MODULE_TIMEOUT_ENV,
  contractModuleTimeoutMs,
  DEFAULT_CONTRACT_MODULE_TIMEOUT_MS,
} from '../../src/contracts/module-timeout.js';

describe('contractModuleTimeoutMs', () => {
  it('defaults to 10 s when the variable is unset or empty', () => {
    expect(contractModuleTimeoutMs({})).toBe(DEFAULT_CONTRACT_MODULE_TIMEOUT_MS);
    expect(contractModuleTimeoutMs({ [CONTRACT_MODULE_TIMEOUT_ENV]: '' })).toBe(10_000);
  });

  it.each([
    ['1', 1],
    ['2500', 2500],
    [' 600000 ', 600_000],
  ])('reads %j as %d ms', (text, ms) => {
    expect(contractModuleTimeoutMs({ [CONTRACT_MODULE_TIMEOUT_ENV]: text })).toBe(ms);
  });

  it.each(['0', '-5', '1.5', '1e3', 'soon', '600001', '99999999'])(
    'refuses %j with a ConfigError naming it',
    (text) => {
      let caught: unknown;
      try {
        contractModuleTimeoutMs({ [CONTRACT_MODULE_TIMEOUT_ENV]: text });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).code).toBe('contract_module_timeout_invalid');
      expect((caught as ConfigError).message).toContain(JSON.stringify(text));
    },
  );
});
