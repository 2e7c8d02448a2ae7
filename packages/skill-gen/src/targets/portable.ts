import { createManifest, MANIFEST_FILE, serializeManifest } from '../manifest.js';
import { type OutputFile, textFile } from '../output-file.js';
import { toStableJson } from '../stable-json.js';
import { generatorVersion } from '../version.js';
import { specKeys, toolString } from './_front-matter.js';
import { skillTree } from './_skill-tree.js';
import { authorObject, optionalPackFields, type RenderTarget, type TargetContext } from './target-context.js';
import { isTargetId } from './target-id.js';

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
    targets: [...new Set(files.map((file) => file.path.slice(prefix.length).split('/')[0]!))]
      .filter(isTargetId)
      .concat(TARGET),
    contracts,
    sources: [],
    files: files.map((file) => ({ ...file, path: file.path.slice(prefix.length) })),
  });
  return textFile(`${prefix}${MANIFEST_FILE}`, serializeManifest(manifest));
}

/**
 * The runtime forms the pack builds (`claude-code/`, `codex/`, `opencode/`: skills, hooks, plugins), carried
 * inside the package as they are in the pack, so \`skillpack install\` of the published package installs what
 * it installs from the pack, the Stop hook and plugin included.
 */
function runtimeForms(context: TargetContext): OutputFile[] {
  return context.renderedBefore.map((file) => ({ ...file, path: `${TARGET}/${file.path}` }));
}

/** The top-level folders of the carried runtime forms, for the package's `files`. */
function formFolders(forms: readonly OutputFile[]): string[] {
  return [...new Set(forms.map((file) => file.path.split('/')[1]!))].sort();
}

/**
 * Portable: spec-only skills (the six Agent Skills keys, which `skills-ref validate` accepts) in an
 * npm-publishable package whose `skills` field lists the skill folders, carrying the pack's runtime forms.
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
  const forms = runtimeForms(context);
  files.push(...forms);
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
        files: ['skills', ...formFolders(forms), MANIFEST_FILE],
        skills: context.skills.map((skill) => `./skills/${skill.name}`),
      }),
    ),
  );
  files.push(packageManifest(context, files));
  return files;
};
