import { createManifest, MANIFEST_FILE, serializeManifest } from '../manifest.js';
import { type OutputFile, textFile } from '../output-file.js';
import { toStableJson } from '../stable-json.js';
import { generatorVersion } from '../version.js';
import { specKeys, toolString } from './_front-matter.js';
import { skillTree } from './_skill-tree.js';
import { authorObject, optionalPackFields, type RenderTarget, type TargetContext } from './target-context.js';

const TARGET = 'portable';

/**
 * The package's own manifest (its files, paths relative to the package): what \`skillpack install\` verifies
 * and installs from the published package, as from any pack.
 */
function packageManifest(context: TargetContext, files: readonly OutputFile[]): OutputFile {
  const prefix = `${TARGET}/`;
  const contracts = [...new Set(context.skills.flatMap((skill) => skill.frontMatter.contracts))]
    .sort()
    .map((id) => ({ id, version: context.registry.require(id).version }));
  const manifest = createManifest({
    generator: { name: '@skillpack/skill-gen', version: generatorVersion() },
    pack: { name: context.config.name, version: context.config.version },
    targets: [TARGET],
    contracts,
    sources: [],
    files: files.map((file) => ({ ...file, path: file.path.slice(prefix.length) })),
  });
  return textFile(`${prefix}${MANIFEST_FILE}`, serializeManifest(manifest));
}

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
        files: ['skills', MANIFEST_FILE],
        skills: context.skills.map((skill) => `./skills/${skill.name}`),
      }),
    ),
  );
  files.push(packageManifest(context, files));
  return files;
};
