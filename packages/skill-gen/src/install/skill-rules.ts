import type { InstallScope } from './layout.js';

/** An edit of the permission rules in a settings text. */
export type RulesEdit =
  | { readonly kind: 'unchanged'; readonly added: readonly string[] }
  | { readonly kind: 'changed'; readonly text: string; readonly added: readonly string[] }
  | { readonly kind: 'invalid'; readonly detail: string };

/**
 * The permission rules a runtime's skills need to run headless (`--activate` adds them, install reports them
 * otherwise): the settings file they go in, which skills need one, and the edits of that file.
 */
export interface HeadlessSkillRules {
  /** The settings file of the rules, relative to the scope root. */
  readonly file: Readonly<Record<InstallScope, string>>;
  /** The skill's name when its SKILL.md needs a rule to run headless. */
  readonly gatedSkillName: (skillMd: string) => string | undefined;
  /** The rule that lets the skill of that name run. */
  readonly skillRule: (name: string) => string;
  /** Put `rules` into `text` (undefined: no file yet), taking out the `recorded` ones no longer wanted. */
  readonly mergeRules: (
    text: string | undefined,
    rules: readonly string[],
    recorded: readonly string[],
  ) => RulesEdit;
  /** Take the `recorded` rules out of `text`. */
  readonly removeRules: (text: string, recorded: readonly string[]) => RulesEdit;
  /** What a user without `--activate` is told to add: the absolute file and the JSON to merge into it. */
  readonly step: (
    scope: InstallScope,
    root: string,
    rules: readonly string[],
  ) => { readonly file: string; readonly add: { permissions: { allow: string[] } } };
}
