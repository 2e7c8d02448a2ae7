import { packAnswerContracts } from '../hooks/answer-contracts.js';
import type { ContractValidators } from '../hooks/fast-answer.js';
import { isModuleConfig } from '../hooks/module-config-check.js';
import { moduleConfigUrl, readModuleConfigJsonSync } from '../hooks/read-module-config.js';
import type { WholePackRuntime } from '../hooks/whole-pack-runtime.js';
import { openCodePluginOn } from './plugin.js';
import type { OpenCodePlugin } from './plugin-types.js';

/**
 * A generated pack's OpenCode plugin as `createPackPlugin` makes it, starting with no zod: its configuration
 * checked as plain code, an answer the build's `validators` prove satisfied allowed with nothing loaded, and
 * `whole` (zod, the contract modules) loaded on the first answer they cannot prove. A configuration the check
 * refuses, or a contract the pack does not carry, goes to the whole plugin at start, which disables itself
 * as it always did; a contract module that fails to load is logged on the first answer that needs it.
 */
export function createFastPackPlugin(
  moduleUrl: string,
  validators: ContractValidators,
  whole: () => Promise<WholePackRuntime<OpenCodePlugin>>,
): OpenCodePlugin {
  return async (input, options) => {
    const config =
      options && 'contracts' in options
        ? options
        : readModuleConfigJsonSync(moduleConfigUrl(moduleUrl))?.value;
    if (
      !isModuleConfig(config, 'maxPrompts') ||
      !config.contracts.every((id) => Object.hasOwn(validators, id))
    ) {
      const runtime = await whole();
      return runtime.factory(moduleUrl, runtime.load)(input, options);
    }
    const ids = [...new Set(config.contracts)];
    const load = async () => (await whole()).load(ids);
    return openCodePluginOn(config, async () => packAnswerContracts(validators, ids, load))(input);
  };
}
