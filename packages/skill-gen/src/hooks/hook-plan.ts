import type { HookRuntimeId } from '@skillpack/adapters';
import type { HookConfig, PackConfig, StopEvent } from '../config/pack-config.js';
import type { SkillSource } from '../source/skill-source.js';

/** The pack's hook file inside a plugin: the one copy each runtime layout of a pack carries. */
export const HOOK_FILE = 'hooks/skillpack-hook.cjs';

/** One handler: the contracts checked together (any one satisfies the hook) on one event. */
export interface HookHandler {
  readonly event: StopEvent;
  readonly contracts: readonly string[];
  readonly maxBlocks: number | undefined;
  readonly timeout: number;
}

/** The contracts a skill speaks that the config wires a hook for. */
export function hookedContracts(config: PackConfig, skill: SkillSource): string[] {
  return skill.frontMatter.contracts.filter((id) => Object.hasOwn(config.hooks, id)).sort();
}

/** Every hooked contract some skill speaks, sorted. */
export function packHookedContracts(config: PackConfig, skills: readonly SkillSource[]): string[] {
  return [...new Set(skills.flatMap((skill) => hookedContracts(config, skill)))].sort();
}

/**
 * One handler per event, for the given contracts: the hook passes when any one of them is satisfied, with
 * the largest `maxBlocks` and `timeout` any of them asks for.
 */
export function hookHandlers(
  config: PackConfig,
  contracts: readonly string[],
  events?: readonly StopEvent[],
): HookHandler[] {
  const byEvent = new Map<StopEvent, HookConfig[]>();
  const ids = new Map<StopEvent, string[]>();
  for (const id of contracts) {
    const hook = config.hooks[id];
    if (!hook) continue;
    for (const event of hook.events) {
      if (events && !events.includes(event)) continue;
      byEvent.set(event, [...(byEvent.get(event) ?? []), hook]);
      ids.set(event, [...(ids.get(event) ?? []), id]);
    }
  }
  return [...byEvent.keys()].sort().map((event) => {
    const hooks = byEvent.get(event)!;
    const blocks = hooks.flatMap((hook) => (hook.maxBlocks === undefined ? [] : [hook.maxBlocks]));
    return {
      event,
      contracts: ids.get(event)!,
      maxBlocks: blocks.length > 0 ? Math.max(...blocks) : undefined,
      timeout: Math.max(...hooks.map((hook) => hook.timeout)),
    };
  });
}

/**
 * Which stops a hook checks: a skill-scoped hook (Claude Code skill front matter) checks every stop while
 * its skill is active; a plugin's hooks.json sees every session, so it checks only stops that attempt a
 * contract and leaves sessions that never used the skill alone.
 */
export type HookScope = 'skill' | 'plugin';

/** `node "<script>" <runtime> --contract a --contract b [--max-blocks n] [--enforce attempted]`. */
export function hookCommand(
  script: string,
  runtime: HookRuntimeId,
  handler: HookHandler,
  scope: HookScope,
): string {
  const contracts = handler.contracts.map((id) => `--contract ${id}`).join(' ');
  const blocks = handler.maxBlocks === undefined ? '' : ` --max-blocks ${handler.maxBlocks}`;
  const enforce = scope === 'plugin' ? ' --enforce attempted' : '';
  return `node "${script}" ${runtime} ${contracts}${blocks}${enforce}`;
}

/** `hooks` in the shape settings, plugin `hooks.json` and skill front matter share. */
export function hooksObject(handlers: readonly HookHandler[], command: (handler: HookHandler) => string) {
  return Object.fromEntries(
    handlers.map((handler) => [
      handler.event,
      [{ hooks: [{ type: 'command', command: command(handler), timeout: handler.timeout }] }],
    ]),
  );
}
