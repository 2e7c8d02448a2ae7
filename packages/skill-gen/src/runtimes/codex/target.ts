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
import { toYaml } from '../../render/yaml.js';
import type { SkillSource } from '../../source/skill-source.js';
import { specKeys } from '../../targets/_front-matter.js';
import { skillTree } from '../../targets/_skill-tree.js';
import {
  authorObject,
  enforcementFiles,
  optionalPackFields,
  type RenderTarget,
  type TargetContext,
} from '../../targets/target-context.js';

const TARGET = 'codex';
const PLUGIN = `${TARGET}/plugin`;

/** `agents/openai.yaml`: Codex's interface, invocation policy and tool dependencies (runtimes.md §3.1). */
function openAiYaml(skill: SkillSource): { path: string; content: string }[] {
  const section = skill.frontMatter.codex;
  if (!section || (!section.interface && !section.policy && !section.dependencies)) return [];
  const content = toYaml({
    interface: section.interface,
    policy: section.policy,
    dependencies: section.dependencies,
  });
  return [{ path: 'agents/openai.yaml', content }];
}

function skills(context: TargetContext, root: string, form: SkillForm): OutputFile[] {
  return context.skills.flatMap((skill) =>
    skillTree({
      root,
      skill,
      // Codex reads name and description (both on one line, at most 64 and 1024 characters, which the
      // source schema already enforces); allowed-tools and Claude keys are not honoured, so not written.
      frontMatter: specKeys(skill.frontMatter, skill.frontMatter.codex ?? {}),
      body: context.renderBody(skill, form),
      contractFiles: context.contractFiles,
      typeReferences: context.typeReferences,
      strictSchema: true,
      extra: openAiYaml(skill),
    }),
  );
}

function plugin(context: TargetContext): OutputFile[] {
  const { config } = context;
  const handlers = hookHandlers(config, packHookedContracts(config, context.skills));
  const files = [
    textFile(
      `${PLUGIN}/.codex-plugin/plugin.json`,
      toStableJson({
        name: config.name,
        version: config.version,
        description: config.description,
        author: authorObject(config),
        license: config.license,
        ...optionalPackFields(config),
        skills: './skills/',
        ...(handlers.length > 0 ? { hooks: './hooks/hooks.json' } : {}),
        // Codex shows the plugin with these interface fields (runtimes.md §3.3).
        interface: {
          displayName: config.codex.displayName ?? config.name,
          shortDescription: config.description,
          developerName: config.author.name,
          category: config.codex.category,
        },
      }),
    ),
    ...skills(context, `${PLUGIN}/skills`, 'plugin'),
  ];
  if (handlers.length > 0) {
    const command = (handler: (typeof handlers)[number]) =>
      hookCommand(`\${PLUGIN_ROOT}/${HOOK_FILE}`, 'codex', handler, 'plugin');
    files.push(
      textFile(`${PLUGIN}/hooks/hooks.json`, toStableJson({ hooks: hooksObject(handlers, command) })),
      ...enforcementFiles(context, `${PLUGIN}/${HOOK_FILE}`, HOOK_BUNDLE),
    );
  }
  return files;
}

function marketplace(context: TargetContext): OutputFile {
  const { config } = context;
  return textFile(
    `${TARGET}/.agents/plugins/marketplace.json`,
    toStableJson({
      name: config.name,
      interface: { displayName: config.codex.displayName ?? config.name },
      plugins: [
        {
          name: config.name,
          source: { source: 'local', path: './plugin' },
          policy: { installation: config.codex.installation, authentication: config.codex.authentication },
          category: config.codex.category,
        },
      ],
    }),
  );
}

/**
 * Codex: `.agents/skills/<name>/` (with `agents/openai.yaml` and the OpenAI-strict schema of each contract),
 * a plugin (`plugin/`, hooks in `hooks/hooks.json` run through `${PLUGIN_ROOT}`) and a marketplace with
 * `policy` and `category`. Codex has no skill-scoped hooks, so the skill form carries none. A `pluginOnly`
 * pack has no standalone form: Codex would select its skills there as a bare `$<skill>`.
 */
export const renderCodex: RenderTarget = (context) => [
  ...(context.config.codex.pluginOnly ? [] : skills(context, `${TARGET}/.agents/skills`, 'skill')),
  ...plugin(context),
  ...mcpServerFiles(context, PLUGIN),
  marketplace(context),
];
