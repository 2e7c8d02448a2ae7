import {
  claudeSkillHookScript,
  HOOK_FILE,
  hookCommand,
  hookedContracts,
  hookHandlers,
  hooksObject,
  packHookedContracts,
} from '../hooks/hook-plan.js';
import { type OutputFile, textFile } from '../output-file.js';
import type { SkillForm } from '../render/invocation.js';
import type { SkillSource } from '../source/skill-source.js';
import { toStableJson } from '../stable-json.js';
import { type FrontMatter, specKeys, toolString } from './_front-matter.js';
import { skillTree } from './_skill-tree.js';
import {
  authorObject,
  bundleFile,
  optionalPackFields,
  type RenderTarget,
  type TargetContext,
} from './target-context.js';

const TARGET = 'claude-code';
const PLUGIN = `${TARGET}/plugin`;

/** Spec keys plus the keys Claude Code honours (runtimes.md §2.2). */
function frontMatter(context: TargetContext, skill: SkillSource, form: SkillForm): FrontMatter {
  const source = skill.frontMatter;
  const section = source['claude-code'] ?? {};
  // Skill-form hooks live in the skill's own front matter so they run only while the skill is active;
  // the plugin form wires them in hooks/hooks.json instead.
  const handlers =
    form === 'skill' ? hookHandlers(context.config, hookedContracts(context.config, skill), ['Stop']) : [];
  const script = claudeSkillHookScript(context.config.name);
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
    hooks:
      handlers.length > 0
        ? hooksObject(handlers, (handler) => hookCommand(script, 'claude-code', handler, 'skill'))
        : undefined,
  };
}

function skills(context: TargetContext, root: string, form: SkillForm): OutputFile[] {
  return context.skills.flatMap((skill) =>
    skillTree({
      root,
      skill,
      frontMatter: frontMatter(context, skill, form),
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
      bundleFile(context, `${PLUGIN}/${HOOK_FILE}`, 'hook'),
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
 * Claude Code: `.claude/skills/<name>/` (project or user skills, hooks in the skill's front matter), a plugin
 * (`plugin/`, hooks in `hooks/hooks.json`) and a marketplace whose plugin source is `./plugin`. The layout
 * carries one hook file, the plugin's `hooks/skillpack-hook.cjs` (a plugin is copied on its own, so it must
 * hold it); `skillpack install` puts that same file under `.claude/hooks/<pack>/` for the skill form.
 */
export const renderClaudeCode: RenderTarget = (context) => [
  ...skills(context, `${TARGET}/.claude/skills`, 'skill'),
  ...plugin(context),
  marketplace(context),
];
