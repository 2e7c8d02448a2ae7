import type { ContractRegistry } from '@skillpack/core';
import { defineRule, type LintCheck, type RuleViolation } from '../finding.js';
import { mappingRoot } from '../front-matter-view.js';

/**
 * `contract-unknown`: a skill source speaks a contract the pack does not register (the built-ins plus the
 * config's contract modules), so `skillpack build` would refuse it. Only for skill sources.
 */
export function contractUnknown(registry: ContractRegistry): LintCheck {
  return defineRule({
    id: 'contract-unknown',
    summary:
      'Every contract a skill source speaks is registered (built in, or in a contract module of the config).',
    portable: 'error',
    fix: 'Use a registered contract id, or add the module that defines it to "contracts" in skillpack.config.json.',
    check(skill) {
      if (skill.kind !== 'source') return [];
      const contracts = mappingRoot(skill)?.find((entry) => entry.key === 'contracts')?.value;
      if (contracts?.kind !== 'sequence') return [];
      const violations: RuleViolation[] = [];
      for (const item of contracts.items) {
        if (item.kind !== 'scalar' || typeof item.value !== 'string' || registry.has(item.value)) continue;
        violations.push({
          line: item.line,
          message: `The skill speaks contract "${item.value}", which is not registered (known: ${registry.ids.join(', ')}).`,
        });
      }
      return violations;
    },
  });
}
