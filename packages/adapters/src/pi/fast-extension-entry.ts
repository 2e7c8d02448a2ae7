import { packAnswerContracts } from '../hooks/answer-contracts.js';
import type { ContractValidators } from '../hooks/fast-answer.js';
import { isModuleConfig } from '../hooks/module-config-check.js';
import { moduleConfigUrl, readModuleConfigJsonSync } from '../hooks/read-module-config.js';
import type { WholePackRuntime } from '../hooks/whole-pack-runtime.js';
import { piExtensionOn } from './extension.js';
import type { PiExtensionFactory } from './extension-types.js';

/**
 * A generated pack's Pi extension as `createPiPackExtension` makes it, starting with no zod: its configuration
 * checked as plain code, an answer the build's `validators` prove satisfied allowed with nothing loaded, and
 * `whole` (zod, the contract modules) loaded on the first answer they cannot prove. A configuration the check
 * refuses, or a contract the pack does not carry, goes to the whole extension at start, which fails the load
 * as it always did; a contract module that fails to load is reported on the first answer that needs it.
 */
export function createFastPiPackExtension(
  moduleUrl: string,
  validators: ContractValidators,
  whole: () => Promise<WholePackRuntime<PiExtensionFactory>>,
): PiExtensionFactory {
  return async (pi) => {
    const config = readModuleConfigJsonSync(moduleConfigUrl(moduleUrl))?.value;
    if (
      !isModuleConfig(config, 'maxBlocks') ||
      !config.contracts.every((id) => Object.hasOwn(validators, id))
    ) {
      const runtime = await whole();
      return runtime.factory(moduleUrl, runtime.load)(pi);
    }
    const ids = [...new Set(config.contracts)];
    const load = async () => (await whole()).load(ids);
    await piExtensionOn(config, async () => packAnswerContracts(validators, ids, load))(pi);
  };
}
