import { type OutputFile, textFile } from '../../files/output-file.js';
import { packHookedContracts } from '../../hooks/hook-plan.js';
import { toStableJson } from '../../json/stable-json.js';
import type { SkillSource } from '../../source/skill-source.js';
import { type FrontMatter, specKeys, toolString } from '../../targets/_front-matter.js';
import { skillTree } from '../../targets/_skill-tree.js';
import { enforcementFiles, type RenderTarget } from '../../targets/target-context.js';
import { PI_EXTENSION_BUNDLE } from './extension-bundle.js';

const TARGET = 'pi';
/** Push-backs the extension may make per chain of unsatisfied answers when no `maxBlocks` is configured. */
const DEFAULT_MAX_BLOCKS = 2;

/** Spec keys plus `allowed-tools`; Pi 1.6.0 requires `description` and falls back to the folder for `name`. */
function frontMatter(skill: SkillSource): FrontMatter {
  const source = skill.frontMatter;
  const section = source.pi ?? {};
  return {
    ...specKeys(source, section),
    'allowed-tools': toolString(section['allowed-tools'] ?? source['allowed-tools']),
  };
}

/**
 * Pi: `.pi/skills/<name>/` (`~/.pi/agent/skills/` for the user), and, when the pack hooks a contract, the
 * pack's self-contained extension as `.pi/extensions/<pack>.js` with its settings in `<pack>.json` beside it
 * (Pi loads only `*.ts`/`*.js` from that folder): at `agent_before_settle` it pushes a wrong final answer back
 * with the contract's correction, at most `maxBlocks` times in a row.
 */
export const renderPi: RenderTarget = (context) => {
  const { config } = context;
  const files: OutputFile[] = context.skills.flatMap((skill) =>
    skillTree({
      root: `${TARGET}/.pi/skills`,
      skill,
      frontMatter: frontMatter(skill),
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
    const maxBlocks = blocks.length > 0 ? Math.max(...blocks) : DEFAULT_MAX_BLOCKS;
    files.push(
      ...enforcementFiles(context, `${TARGET}/.pi/extensions/${config.name}.js`, PI_EXTENSION_BUNDLE),
      textFile(`${TARGET}/.pi/extensions/${config.name}.json`, toStableJson({ contracts, maxBlocks })),
    );
  }
  return files;
};
