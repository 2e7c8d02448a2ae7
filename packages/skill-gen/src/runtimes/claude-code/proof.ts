import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { reply } from '@skillpack/testing';
import { type RuntimeProof, runAlways, type WhyInput } from '../../doctor/proof-kit.js';
import { lockedRecord } from '../../install/install-step.js';
import type { LockedInstall } from '../../install/lock-file.js';
import { claudeWhy, onlySkillScoped, permissionDenials, skillsHooking } from './diagnosis.js';
import { CLAUDE_PLUGIN_RECORD } from './plugin-lock.js';

/**
 * A project's plugin form (install --form plugin --activate) loads only once Claude's home registers it for that
 * project folder: register it for the copy in the staged home, the way install did for the original.
 */
async function claudePluginHome(install: LockedInstall, cli: string, copy: string, stage: string) {
  const plugin = lockedRecord(install, CLAUDE_PLUGIN_RECORD);
  if (!plugin) return [];
  const { claudePluginCommands } = await import('./plugin-register.js');
  const { pluginWant } = await import('./plugin-plan.js');
  const registered = await claudePluginCommands(
    'register',
    { claude: cli, scope: 'project', root: copy, home: stage, timeoutMs: 60_000 },
    pluginWant(copy, plugin.marketplace),
  );
  // Not registered: the run shows it (the plugin is not loaded, so the wrong answer is let through).
  if (!registered.success) return [];
  return existsSync(join(stage, '.claude')) ? [{ from: join(stage, '.claude'), to: '.claude' }] : [];
}

/** Claude Code: a second run whose model invokes the skill first shows whether permission is what stops it. */
async function claudeReason({ install, context, script, runAgain }: WhyInput): Promise<string> {
  const skillScoped = onlySkillScoped(install);
  const skills = await skillsHooking(install, context.root, script.contractId);
  if (!skillScoped || skills.length === 0) return claudeWhy(skillScoped, skills, undefined);
  const invoked = await runAgain([
    reply.toolCall('Skill', { skill: skills[0]! }),
    reply.text(script.wrong),
    reply.text(script.right),
  ]);
  const next = invoked.proof.lastMessages[2] ?? '';
  return claudeWhy(skillScoped, skills, {
    denials: permissionDenials(invoked.stdout),
    pushedBack: next.includes(script.correction),
  });
}

/** Claude Code's proof. */
export const claudeCodeProof: RuntimeProof = {
  preflight: runAlways,
  stageProjectHome: claudePluginHome,
  why: claudeReason,
};
