import { type OutputFile, textFile } from '../../files/output-file.js';
import { packHookedContracts } from '../../hooks/hook-plan.js';
import { toStableJson } from '../../json/stable-json.js';
import { mcpServerFiles } from '../../mcp/mcp-server-plan.js';
import { specKeys } from '../../targets/_front-matter.js';
import { skillTree } from '../../targets/_skill-tree.js';
import { enforcementFiles, type RenderTarget } from '../../targets/target-context.js';
import { OPENCODE_PLUGIN_BUNDLE } from './plugin-bundle.js';

const TARGET = 'opencode';
/** Prompts the OpenCode plugin may send per idle session when no `maxBlocks` is configured. */
const DEFAULT_MAX_PROMPTS = 2;

/**
 * OpenCode: `.opencode/skills/<name>/` with only the keys OpenCode reads (runtimes.md §4.1), and, when hooks
 * are configured, the adapters' self-contained plugin as `.opencode/plugins/<pack>.js` with its settings in
 * `<pack>.json` beside it (OpenCode loads only `*.js`/`*.ts` from that folder).
 */
export const renderOpenCode: RenderTarget = (context) => {
  const { config } = context;
  const files: OutputFile[] = context.skills.flatMap((skill) =>
    skillTree({
      root: `${TARGET}/.opencode/skills`,
      skill,
      frontMatter: specKeys(skill.frontMatter, skill.frontMatter.opencode ?? {}),
      body: context.renderBody(skill, 'skill'),
      contractFiles: context.contractFiles,
      typeReferences: context.typeReferences,
      strictSchema: false,
    }),
  );
  const contracts = packHookedContracts(config, context.skills);
  if (contracts.length > 0) {
    const blocks = contracts.flatMap((id) =>
      config.hooks[id]?.maxBlocks === undefined ? [] : [config.hooks[id]!.maxBlocks!],
    );
    const maxPrompts = blocks.length > 0 ? Math.max(...blocks) : DEFAULT_MAX_PROMPTS;
    files.push(
      ...enforcementFiles(context, `${TARGET}/.opencode/plugins/${config.name}.js`, OPENCODE_PLUGIN_BUNDLE),
      textFile(`${TARGET}/.opencode/plugins/${config.name}.json`, toStableJson({ contracts, maxPrompts })),
    );
  }
  return [...files, ...mcpServerFiles(context, TARGET)];
};
