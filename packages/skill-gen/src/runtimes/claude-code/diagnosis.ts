import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hookedContractIds } from '../../doctor/hooked-contracts.js';
import type { LockedInstall } from '../../install/lock-file.js';

/** The skills whose SKILL.md front matter carries a Stop hook enforcing `contractId`. */
export async function skillsHooking(
  install: LockedInstall,
  root: string,
  contractId: string,
): Promise<string[]> {
  const skills: string[] = [];
  for (const file of install.files) {
    const name = /(?:^|\/)skills\/([^/]+)\/SKILL\.md$/.exec(file.path)?.[1];
    if (name === undefined) continue;
    const text = await readFile(join(root, file.path), 'utf8').catch(() => '');
    const frontMatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
    if (
      hookedContractIds([{ path: file.path, text: frontMatter, shared: false }], install.pack.name).includes(
        contractId,
      )
    )
      skills.push(name);
  }
  return skills;
}

/**
 * Whether the pack's Stop hooks live only in skills' front matter: the install wired no hook entry into the
 * scope's settings (the lock's `hookConfig`) and carries no settings or plugin hooks.json of its own.
 */
export function onlySkillScoped(install: LockedInstall): boolean {
  if (install.hookConfig !== undefined) return false;
  return !install.files.some((file) => /(?:^|\/)(?:settings(?:\.local)?|hooks)\.json$/.test(file.path));
}

/** The `permission_denials` of Claude Code's result event (stream-json), as `tool: message` lines. */
export function permissionDenials(stdout: string): string[] {
  for (const line of stdout.split('\n').reverse()) {
    let event: { type?: unknown; permission_denials?: unknown };
    try {
      event = JSON.parse(line);
    } catch {
      continue;
    }
    if (event?.type !== 'result' || !Array.isArray(event.permission_denials)) continue;
    return event.permission_denials.map(
      (denial: { tool_name?: unknown; tool_input?: unknown }) =>
        `${String(denial?.tool_name)} ${JSON.stringify(denial?.tool_input ?? {})}`,
    );
  }
  return [];
}

/** Why Claude Code let a wrong answer through, from where the hook is and what a skill-invoking run showed. */
export function claudeWhy(
  skillScoped: boolean,
  skills: readonly string[],
  invoked: { readonly denials: readonly string[]; readonly pushedBack: boolean } | undefined,
): string {
  if (!skillScoped)
    return 'Claude Code did not run a Stop hook of this pack for the answer (hook not registered, or disabled).';
  const base = `Hook not registered: this install puts the Stop hook only in the front matter of ${skills.map((skill) => `skill ${skill}`).join(', ') || 'its skills'}, which Claude Code registers only once the model invokes the skill, so an answer given without invoking it is never checked.`;
  if (invoked === undefined) return base;
  const skillDenials = invoked.denials.filter((denial) => denial.startsWith('Skill '));
  if (skillDenials.length > 0)
    return `${base} Permission: in a second run whose model invoked the skill first, headless \`claude -p\` denied it (${skillDenials.join('; ')}); allowing it needs a permission rule such as Skill(${skills[0] ?? '<name>'}) in .claude/settings.json.`;
  return invoked.pushedBack
    ? `${base} In a second run whose model invoked the skill first, the wrong answer was pushed back.`
    : `${base} Even in a second run whose model invoked the skill first, the wrong answer was not pushed back.`;
}
