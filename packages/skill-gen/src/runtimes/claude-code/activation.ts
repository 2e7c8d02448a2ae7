// Claude Code 2.1.328 refuses, headless, the model's `Skill` call for a skill whose front matter has
// `allowed-tools` or `hooks` unless a `permissions.allow` rule `Skill(<name>)` lets it run (README: "Claude Code
// as installed"). Granting that is the user's call: install adds the rules only with `--activate`, and otherwise
// prints them. Project rules go into `.claude/settings.local.json` (Claude ignores allow rules in the project's
// `.claude/settings.json` until the workspace is trusted), the user's into `~/.claude/settings.json`. Pure.
import { isJsonObject } from '@skillpack/core';
import { appendAt, removeAt } from '../../install/json-edit.js';
import type { InstallScope } from '../../install/layout.js';

/** Where the allow rules go, relative to the scope root. */
export const ACTIVATION_FILE: Readonly<
  Record<InstallScope, '.claude/settings.local.json' | '.claude/settings.json'>
> = { project: '.claude/settings.local.json', user: '.claude/settings.json' };

/** The front matter keys that make Claude Code ask before running a skill. */
const GATED_KEYS = ['allowed-tools', 'hooks'];

/** The skill's name when its SKILL.md front matter has a key Claude Code gates the `Skill` call on. */
export function gatedSkillName(skillMd: string): string | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(skillMd)?.[1];
  if (block === undefined) return undefined;
  const keys = new Set([...block.matchAll(/^([A-Za-z_-]+):/gm)].map((match) => match[1]));
  if (!GATED_KEYS.some((key) => keys.has(key))) return undefined;
  const name = /^name:\s*"?([^"\n]+?)"?\s*$/m.exec(block)?.[1];
  return name;
}

export const skillRule = (name: string) => `Skill(${name})`;

/** The `permissions.allow` array of a settings text, or `undefined` when it is not one skillpack can edit. */
function allowList(text: string): string[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(json)) return undefined;
  const permissions = json.permissions ?? {};
  if (!isJsonObject(permissions)) return undefined;
  const allow = permissions.allow ?? [];
  return Array.isArray(allow) ? (allow as string[]) : undefined;
}

export type RulesEdit =
  | { readonly kind: 'unchanged'; readonly added: readonly string[] }
  | { readonly kind: 'changed'; readonly text: string; readonly added: readonly string[] }
  | { readonly kind: 'invalid'; readonly detail: string };

const INVALID: RulesEdit = {
  kind: 'invalid',
  detail: 'not plain JSON with a `permissions.allow` array; skillpack leaves it as it is',
};

/**
 * Put `rules` into `permissions.allow` of `text` (undefined: no file yet) and take out the `recorded` ones that
 * are no longer wanted; a rule already there is left (never a duplicate), every other byte stays. `added`: the
 * wanted rules skillpack owns afterwards (recorded or added now; not one a person had written).
 */
export function mergeRules(
  text: string | undefined,
  rules: readonly string[],
  recorded: readonly string[],
): RulesEdit {
  if (text === undefined) {
    if (rules.length === 0) return { kind: 'unchanged', added: [] };
    const created = `${JSON.stringify({ permissions: { allow: rules } }, null, 2)}\n`;
    return { kind: 'changed', text: created, added: [...rules] };
  }
  let current = text;
  let list = allowList(current);
  if (list === undefined) return INVALID;
  for (const rule of recorded) {
    if (rules.includes(rule)) continue;
    const index = list.lastIndexOf(rule);
    if (index < 0) continue;
    const next = removeAt(current, ['permissions', 'allow'], index);
    if (next === undefined) return INVALID;
    current = next;
    list = allowList(current) ?? [];
  }
  const added = rules.filter((rule) => recorded.includes(rule) || !list!.includes(rule));
  for (const rule of rules) {
    if (list.includes(rule)) continue;
    const next = appendAt(current, ['permissions', 'allow'], rule);
    if (next === undefined) return INVALID;
    current = next;
    list = allowList(current) ?? [];
  }
  return current === text ? { kind: 'unchanged', added } : { kind: 'changed', text: current, added };
}

/** Take the `recorded` rules (the ones skillpack added) out of `text`. */
export function removeRules(text: string, recorded: readonly string[]): RulesEdit {
  return mergeRules(text, [], recorded);
}

/** What a user without `--activate` is told to add, as JSON they can merge into the file. */
export function activationStep(scope: InstallScope, root: string, rules: readonly string[]) {
  return {
    file: `${root.replaceAll('\\', '/').replace(/\/$/, '')}/${ACTIVATION_FILE[scope]}`,
    add: { permissions: { allow: [...rules] } },
  };
}
