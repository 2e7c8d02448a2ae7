import type { SkillFrontMatter } from './front-matter-schema.js';

/** A file under a skill's `references/`, `scripts/` or `assets/`, copied byte for byte. */
export interface SkillAsset {
  /** POSIX path inside the skill folder, e.g. `scripts/run.sh`. */
  readonly path: string;
  readonly content: Uint8Array;
  readonly executable: boolean;
}

/** One skill source, read and validated: `skills/<name>/skill.md` plus its copied folders. */
export interface SkillSource {
  readonly name: string;
  /** The source file, relative to the pack config (POSIX), e.g. `skills/review/skill.md`. */
  readonly file: string;
  readonly frontMatter: SkillFrontMatter;
  readonly body: string;
  readonly bodyLine: number;
  lineOf(path: readonly PropertyKey[]): number | undefined;
  readonly assets: readonly SkillAsset[];
}

/** A file the build read, with its hash, for the manifest's `sources` (stale detection). */
export interface SourceRecord {
  readonly path: string;
  readonly sha256: string;
}

/** The folders copied from a skill source into every rendered skill. */
export const ASSET_FOLDERS = ['references', 'scripts', 'assets'] as const;
