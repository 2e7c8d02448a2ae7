import { authorError } from '../errors/author-error.js';
import { type OutputFile, textFile } from '../files/output-file.js';
import type { ContractFiles } from '../render/contract-files.js';
import { contractReferenceFiles } from '../render/contract-view.js';
import type { TypeReference } from '../render/type-reference.js';
import { toSkillMarkdown } from '../render/yaml.js';
import type { SkillSource } from '../source/skill-source.js';
import type { FrontMatter } from './_front-matter.js';

export interface SkillTreeInput {
  /** Folder the skill folder goes in, e.g. `claude-code/.claude/skills`. */
  readonly root: string;
  readonly skill: SkillSource;
  readonly frontMatter: FrontMatter;
  /** The rendered Markdown body (layout applied). */
  readonly body: string;
  readonly contractFiles: ContractFiles;
  readonly typeReferences: ReadonlyMap<string, TypeReference>;
  /** Also write `references/<id>.openai.schema.json` (Codex `--output-schema`) for JSON-final-message contracts. */
  readonly strictSchema: boolean;
  /** More generated files, relative to the skill folder (Codex `agents/openai.yaml`). */
  readonly extra?: readonly { readonly path: string; readonly content: string }[];
}

/** Every file of one rendered skill: SKILL.md, contract references, extras and the copied folders. */
export function skillTree(input: SkillTreeInput): OutputFile[] {
  const { skill } = input;
  const generated = new Map<string, string>([['SKILL.md', toSkillMarkdown(input.frontMatter, input.body)]]);
  for (const id of skill.frontMatter.contracts) {
    const files = contractReferenceFiles(id);
    generated.set(files.schema, input.contractFiles.schema(id));
    if (input.strictSchema && input.contractFiles.hasJsonFinalMessage(id))
      generated.set(files.strictSchema, input.contractFiles.strictSchema(id));
    const reference = input.typeReferences.get(id);
    if (reference) generated.set(files.types, reference.text);
  }
  for (const extra of input.extra ?? []) generated.set(extra.path, extra.content);
  const dir = `${input.root}/${skill.name}`;
  const files = [...generated].map(([path, content]) => textFile(`${dir}/${path}`, content));
  for (const asset of skill.assets) {
    if (generated.has(asset.path)) {
      throw authorError('output_collision', {
        file: `${skill.file.slice(0, -'skill.md'.length)}${asset.path}`,
        message: `The build generates ${asset.path} for this skill, so the source file of the same name cannot be copied.`,
        fix: `Rename or remove ${asset.path} from the skill source.`,
      });
    }
    files.push({ path: `${dir}/${asset.path}`, content: asset.content, executable: asset.executable });
  }
  return files;
}
