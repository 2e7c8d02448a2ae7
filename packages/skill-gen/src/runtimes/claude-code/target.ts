import { type OutputFile, textFile } from '../../files/output-file.js';
import { HOOK_BUNDLE } from '../../hooks/hook-bundle.js';
import {
  HOOK_FILE,
  hookCommand,
  hookHandlers,
  hooksObject,
  packHookedContracts,
} from '../../hooks/hook-plan.js';
import { toStableJson } from '../../json/stable-json.js';
import { mcpServerFiles } from '../../mcp/mcp-server-plan.js';
import type { SkillForm } from '../../render/invocation.js';
import type { SkillSource } from '../../source/skill-source.js';
import { type FrontMatter, specKeys, toolString } from '../../targets/_front-matter.js';
import { skillTree } from '../../targets/_skill-tree.js';
import {
  authorObject,
  enforcementFiles,
  optionalPackFields,
  type RenderTarget,
  type TargetContext,
} from '../../targets/target-context.js';

const TARGET = 'claude-code';
const PLUGIN = `${TARGET}/plugin`;

/** Spec keys plus the keys Claude Code honours (runtimes.md §2.2). */
// No `hooks` in any skill's front matter: Claude Code registers a skill's hooks only once the skill is
// invoked, and headless `claude -p` denies the `Skill` call without a permission rule, so they would not run.
// The plugin form wires the pack's Stop hook in hooks/hooks.json; `skillpack install` wires that same entry
// into the scope's settings.json for the skill form, so every stop gets exactly one hook decision.
function frontMatter(skill: SkillSource): FrontMatter {
  const source = skill.frontMatter;
  const section = source['claude-code'] ?? {};
  return {
    ...specKeys(source, section),
    'allowed-tools': toolString(section['allowed-tools'] ?? source['allowed-tools']),
    when_to_use: section.when_to_use,
    'argument-hint': section['argument-hint'],
    arguments: section.arguments,
    'disable-model-invocation': section['disable-model-invocation'],
    'user-invocable': section['user-invocable'],
    'disallowed-tools': toolString(section['disallowed-tools']),
    model: section.model,
    effort: section.effort,
    context: section.context,
    agent: section.agent,
    background: section.background,
    paths: section.paths,
    shell: section.shell,
  };
}

function skills(context: TargetContext, root: string, form: SkillForm): OutputFile[] {
  return context.skills.flatMap((skill) =>
    skillTree({
      root,
      skill,
      frontMatter: frontMatter(skill),
      body: context.renderBody(skill, form),
      contractFiles: context.contractFiles,
      typeReferences: context.typeReferences,
      strictSchema: false,
    }),
  );
}

function plugin(context: TargetContext): OutputFile[] {
  const { config } = context;
  // No `skills` or `hooks` paths in plugin.json: Claude Code loads skills/ and hooks/hooks.json by default,
  // and naming the default hooks file again registers it twice.
  const files = [
    textFile(
      `${PLUGIN}/.claude-plugin/plugin.json`,
      toStableJson({
        name: config.name,
        version: config.version,
        description: config.description,
        author: authorObject(config),
        license: config.license,
        ...optionalPackFields(config),
      }),
    ),
    ...skills(context, `${PLUGIN}/skills`, 'plugin'),
  ];
  const handlers = hookHandlers(config, packHookedContracts(config, context.skills));
  const readme = context.renderPluginReadme({
    pack: { name: config.name, version: config.version, description: config.description },
    license: config.license ?? null,
    marketplace: config.name,
    skills: context.skills.map((skill) => ({
      name: skill.name,
      description: skill.frontMatter.description.replace(/\s+/g, ' ').trim(),
    })),
    contracts: [...new Set(context.skills.flatMap((skill) => skill.frontMatter.contracts))].sort(),
    hooked: handlers.length > 0,
  });
  if (readme !== undefined) files.push(textFile(`${PLUGIN}/README.md`, readme));
  if (handlers.length > 0) {
    const command = (handler: (typeof handlers)[number]) =>
      hookCommand(`\${CLAUDE_PLUGIN_ROOT}/${HOOK_FILE}`, 'claude-code', handler, 'plugin');
    files.push(
      textFile(
        `${PLUGIN}/hooks/hooks.json`,
        toStableJson({
          description: `skillpack: check the output contracts of ${config.name} before the agent stops`,
          hooks: hooksObject(handlers, command),
        }),
      ),
      ...enforcementFiles(context, `${PLUGIN}/${HOOK_FILE}`, HOOK_BUNDLE),
    );
  }
  return files;
}

function marketplace(context: TargetContext): OutputFile {
  const { config } = context;
  const category = config['claude-code'].category;
  return textFile(
    `${TARGET}/.claude-plugin/marketplace.json`,
    toStableJson({
      name: config.name,
      owner: authorObject(config),
      description: config.description,
      plugins: [
        {
          name: config.name,
          source: './plugin',
          description: config.description,
          version: config.version,
          author: authorObject(config),
          license: config.license,
          ...(category ? { category } : {}),
        },
      ],
    }),
  );
}

/**
 * Claude Code: `.claude/skills/<name>/` (project or user skills), a plugin (`plugin/`, hooks in
 * `hooks/hooks.json`) and a marketplace whose plugin source is `./plugin`. The layout carries one hook file,
 * the plugin's `hooks/skillpack-hook.cjs` (a plugin is copied on its own, so it must hold it); for the skill
 * form `skillpack install` puts that same file under `.claude/hooks/<pack>/` and the plugin's hook entries,
 * pointing at it, into the scope's `.claude/settings.json`.
 */
export const renderClaudeCode: RenderTarget = (context) => [
  ...skills(context, `${TARGET}/.claude/skills`, 'skill'),
  ...plugin(context),
  ...mcpServerFiles(context, PLUGIN),
  marketplace(context),
];
