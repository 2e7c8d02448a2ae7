import type { YamlValue } from '../render/yaml.js';
import type { SkillFrontMatter } from '../source/front-matter-schema.js';

export type FrontMatter = { [key: string]: YamlValue | undefined };

interface SpecOverrides {
  readonly description?: string;
  readonly license?: string;
  readonly compatibility?: string;
  readonly metadata?: Readonly<Record<string, string>>;
}

/** Runtimes list skills by their description on one line; runs of whitespace become one space. */
export function oneLine(text: string): string {
  return text.split(/\s+/).filter(Boolean).join(' ');
}

/** `allowed-tools` as the spec writes it: one space-separated string. */
export function toolString(value: string | readonly string[] | undefined): string | undefined {
  return value === undefined ? undefined : typeof value === 'string' ? value : value.join(' ');
}

/**
 * The Agent Skills spec keys for one runtime: the runtime section overrides `description`, `license` and
 * `compatibility`, and its `metadata` entries are merged over the shared ones.
 */
export function specKeys(source: SkillFrontMatter, overrides: SpecOverrides = {}): FrontMatter {
  const metadata = { ...source.metadata, ...overrides.metadata };
  return {
    name: source.name,
    description: oneLine(overrides.description ?? source.description),
    license: overrides.license ?? source.license,
    compatibility: overrides.compatibility ?? source.compatibility,
    metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
  };
}
