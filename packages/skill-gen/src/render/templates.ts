import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authorError } from '../errors/author-error.js';
import { TARGET_IDS, type TargetId } from '../targets/target-id.js';

/** One template file and the path errors report for it (relative to the templates folder). */
export interface TemplateSource {
  readonly file: string;
  readonly text: string;
}

/** `templates/`: shared partials, per-runtime partial overrides and each runtime's SKILL.md layout. */
export interface TemplateSet {
  readonly dir: string;
  readonly partials: ReadonlyMap<string, TemplateSource>;
  readonly targetPartials: ReadonlyMap<TargetId, ReadonlyMap<string, TemplateSource>>;
  readonly skillLayouts: ReadonlyMap<TargetId, TemplateSource>;
  /** `<target>/plugin-readme.md.hbs`, the README.md of the plugin a target generates, for each that has one. */
  readonly pluginReadmes: ReadonlyMap<TargetId, TemplateSource>;
}

export const PLUGIN_README_FILE = 'plugin-readme.md.hbs';

export const SKILL_LAYOUT_FILE = 'skill.md.hbs';
const PARTIAL_SUFFIX = '.hbs';

/**
 * The templates folder: `dist/templates` in the published package (copied at build time), else the
 * repository's `templates/` when running from the TypeScript sources.
 */
export function defaultTemplatesDir(): string {
  const candidates = [
    new URL('../templates/', import.meta.url),
    new URL('../../../../templates/', import.meta.url),
  ];
  for (const candidate of candidates) {
    const dir = fileURLToPath(candidate);
    if (existsSync(join(dir, 'partials'))) return dir;
  }
  return fileURLToPath(candidates[0]!);
}

async function readPartials(dir: string, displayDir: string): Promise<Map<string, TemplateSource>> {
  const partials = new Map<string, TemplateSource>();
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(PARTIAL_SUFFIX)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return partials;
    throw error;
  }
  for (const name of names) {
    const text = (await readFile(join(dir, name), 'utf8')).replaceAll('\r\n', '\n');
    partials.set(name.slice(0, -PARTIAL_SUFFIX.length), { file: `${displayDir}/${name}`, text });
  }
  return partials;
}

/** Read every template once per build; a missing runtime layout is a ConfigError naming the folder. */
export async function loadTemplates(dir = defaultTemplatesDir()): Promise<TemplateSet> {
  const partials = await readPartials(join(dir, 'partials'), 'templates/partials');
  const targetPartials = new Map<TargetId, ReadonlyMap<string, TemplateSource>>();
  const skillLayouts = new Map<TargetId, TemplateSource>();
  for (const target of TARGET_IDS) {
    targetPartials.set(
      target,
      await readPartials(join(dir, target, 'partials'), `templates/${target}/partials`),
    );
    const file = `templates/${target}/${SKILL_LAYOUT_FILE}`;
    try {
      const text = (await readFile(join(dir, target, SKILL_LAYOUT_FILE), 'utf8')).replaceAll('\r\n', '\n');
      skillLayouts.set(target, { file, text });
    } catch (cause) {
      throw authorError('templates_missing', {
        file,
        message: `The ${target} skill layout cannot be read from ${dir}.`,
        fix: 'Reinstall @skillpack/skill-gen, or build it so dist/templates is copied.',
        cause,
      });
    }
  }
  const pluginReadmes = new Map<TargetId, TemplateSource>();
  for (const target of TARGET_IDS) {
    const readme = await readFile(join(dir, target, PLUGIN_README_FILE), 'utf8').then(
      (text) => ({ file: `templates/${target}/${PLUGIN_README_FILE}`, text: text.replaceAll('\r\n', '\n') }),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      },
    );
    if (readme) pluginReadmes.set(target, readme);
  }
  return { dir, partials, targetPartials, skillLayouts, pluginReadmes };
}

/** The template files a set was read from (absolute, sorted): what a build of it reads from `dir`. */
export function templateFiles(set: TemplateSet): string[] {
  const sources = [
    ...set.partials.values(),
    ...[...set.targetPartials.values()].flatMap((partials) => [...partials.values()]),
    ...set.skillLayouts.values(),
    ...set.pluginReadmes.values(),
  ];
  return sources.map((source) => join(set.dir, source.file.slice('templates/'.length))).sort();
}
