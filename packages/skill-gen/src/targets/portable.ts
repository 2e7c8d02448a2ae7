import { type OutputFile, textFile } from '../output-file.js';
import { toStableJson } from '../stable-json.js';
import { specKeys, toolString } from './_front-matter.js';
import { skillTree } from './_skill-tree.js';
import { authorObject, optionalPackFields, type RenderTarget } from './target-context.js';

const TARGET = 'portable';

/**
 * Portable: spec-only skills (the six Agent Skills keys, which `skills-ref validate` accepts) in an
 * npm-publishable package whose `skills` field lists the skill folders.
 */
export const renderPortable: RenderTarget = (context) => {
  const { config } = context;
  const files: OutputFile[] = context.skills.flatMap((skill) =>
    skillTree({
      root: `${TARGET}/skills`,
      skill,
      frontMatter: {
        ...specKeys(skill.frontMatter),
        'allowed-tools': toolString(skill.frontMatter['allowed-tools']),
      },
      body: context.renderBody(skill, 'skill'),
      contractFiles: context.contractFiles,
      typeReferences: context.typeReferences,
      strictSchema: false,
    }),
  );
  files.push(
    textFile(
      `${TARGET}/package.json`,
      toStableJson({
        name: config.portable.packageName ?? config.name,
        version: config.version,
        description: config.description,
        author: authorObject(config),
        license: config.license,
        ...optionalPackFields(config),
        keywords: [...new Set([...config.keywords, 'agent-skills'])],
        files: ['skills'],
        skills: context.skills.map((skill) => `./skills/${skill.name}`),
      }),
    ),
  );
  return files;
};
