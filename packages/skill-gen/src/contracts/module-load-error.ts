import { authorError } from '../errors/author-error.js';
import type { ProbeOutcome } from './probe-module.js';

/**
 * A module whose import did not finish: the typed error naming it and what happened, pointing at `origin`
 * (the config, or `--contracts`).
 */
export function notLoaded(
  specifier: string,
  origin: string,
  outcome: Exclude<ProbeOutcome, { kind: 'loaded' }>,
  timeoutMs: number,
  cause?: unknown,
) {
  const details = { module: specifier };
  switch (outcome.kind) {
    case 'timeout':
      return authorError('contract_module_timeout', {
        file: origin,
        message: `The contract module "${specifier}" did not finish loading within ${timeoutMs} ms (its top-level code loops or awaits something slow); it was stopped.`,
        fix: 'Make the module define its contracts without waiting at import time, or raise SKILLPACK_CONTRACT_MODULE_TIMEOUT_MS.',
        details: { ...details, timeoutMs },
      });
    case 'unsettled':
      return authorError('contract_module_unsettled', {
        file: origin,
        message: `The contract module "${specifier}" never finished loading: its top-level await waits on a promise that nothing can settle.`,
        fix: 'Remove the top-level await, or make sure what it awaits settles.',
        details,
      });
    case 'exited':
      return authorError('contract_module_unloadable', {
        file: origin,
        message: `The contract module "${specifier}" called process.exit(${outcome.exitCode}) while loading.`,
        fix: 'A contract module must not end the process; remove the process.exit call.',
        details: { ...details, exitCode: outcome.exitCode },
      });
    case 'threw':
      return authorError('contract_module_unloadable', {
        file: origin,
        message: `The contract module "${specifier}" failed while loading: ${outcome.message}.`,
        fix: 'Fix the error the module throws when it is imported.',
        details,
        ...(cause === undefined ? {} : { cause }),
      });
  }
}
