import { fileURLToPath } from 'node:url';
import type { AnyContract } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import type { OutputFile } from '../../src/files/output-file.js';
import { loadPack, type PackInputs } from '../../src/pack/load-pack.js';
import { type RenderedPack, renderPack } from '../../src/pack/render-pack.js';
import { SKILL_GEN_RUNTIMES } from '../../src/runtimes/registry.js';
import { standInBundles } from '../_support/temp.js';

/** The repository root and the examples folder, from this file's location. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const examplesDir = `${repoRoot}examples/`;

export interface ExamplePack {
  readonly config: string;
  readonly inputs: PackInputs;
  readonly pack: RenderedPack;
}

/** The example packs, named as the seed systems name them (Dev Flow ships as the `dev-flow-codex` Codex plugin). */
export const EXAMPLE_PACK_CONFIGS = [
  'examples/skillpack.config.json',
  'examples/dev-flow-codex/skillpack.config.json',
] as const;

const loaded = new Map<string, Promise<ExamplePack>>();

/** One example pack rendered in memory once per test file (stand-in hook bundles: content is what matters). */
export function examplePack(config: string = EXAMPLE_PACK_CONFIGS[0]): Promise<ExamplePack> {
  let pack = loaded.get(config);
  if (!pack) {
    pack = loadPack(SKILL_GEN_RUNTIMES, {
      cwd: repoRoot,
      config,
      bundles: standInBundles,
      typeReferences: { prefer: 'sources' },
    }).then((inputs) => ({ config, inputs, pack: renderPack(inputs) }));
    loaded.set(config, pack);
  }
  return pack;
}

/** Every example pack, rendered. */
export function examplePacks(): Promise<ExamplePack[]> {
  return Promise.all(EXAMPLE_PACK_CONFIGS.map((config) => examplePack(config)));
}

/** One rendered skill: its SKILL.md, the Markdown references next to it, and the contracts its source declares. */
export interface RenderedSkill {
  /** The name of the pack that rendered it. */
  readonly pack: string;
  readonly target: string;
  /** `skill` for the runtime's skill folder, `plugin` for the plugin copy. */
  readonly form: 'skill' | 'plugin';
  readonly name: string;
  /** Folder of the skill below the pack directory. */
  readonly dir: string;
  readonly skillMd: string;
  readonly markdownReferences: readonly { readonly path: string; readonly text: string }[];
  readonly files: ReadonlyMap<string, string>;
  readonly contracts: readonly AnyContract[];
}

const SKILL_FILE = /^([a-z-]+)\/(?:(plugin)\/)?(?:\.[a-z]+\/)?skills\/([^/]+)\/SKILL\.md$/;

function text(file: OutputFile): string {
  return typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('utf8');
}

/** Every SKILL.md the packs render, with the files of its folder. */
export function renderedSkills(packs: ExamplePack | readonly ExamplePack[]): RenderedSkill[] {
  return (Array.isArray(packs) ? packs : [packs as ExamplePack]).flatMap(skillsOfPack);
}

function skillsOfPack({ inputs, pack }: ExamplePack): RenderedSkill[] {
  const skills: RenderedSkill[] = [];
  for (const file of pack.files) {
    const match = SKILL_FILE.exec(file.path);
    if (!match) continue;
    const [, target, plugin, name] = match as unknown as [string, string, string | undefined, string];
    const dir = file.path.slice(0, -'SKILL.md'.length);
    const files = new Map(
      pack.files
        .filter((other) => other.path.startsWith(dir))
        .map((other) => [other.path.slice(dir.length), text(other)]),
    );
    const source = inputs.skills.find((skill) => skill.name === name)!;
    skills.push({
      pack: inputs.config.name,
      target,
      form: plugin ? 'plugin' : 'skill',
      name,
      dir,
      skillMd: text(file),
      markdownReferences: [...files]
        .filter(([path]) => path.startsWith('references/') && path.endsWith('.md'))
        .map(([path, content]) => ({ path, text: content })),
      files,
      contracts: source.frontMatter.contracts.map((id) => builtinContracts.require(id)),
    });
  }
  return skills;
}

/** An example a rendered document shows: `#### Example: <name>` and its fence, under an `Output: <title>` heading. */
export interface ShownExample {
  readonly contract: string;
  readonly name: string;
  readonly text: string;
  readonly line: number;
}

const OUTPUT_HEADING = /^#{2,4} Output: (.+)$/;
const EXAMPLE_HEADING = /^#{3,5} Example: (.+)$/;
const FENCE = /^(`{3,}|~{3,})/;
const SECTION_HEADING = /^#{1,2} /;

/**
 * Extract every example block of a Markdown document from its structure alone: the contract is the one whose
 * title the nearest `Output:` heading names (until the next `#` or `##` section), the text is the fence that
 * follows the `Example:` heading.
 */
export function shownExamples(markdown: string, contracts: readonly AnyContract[]): ShownExample[] {
  const lines = markdown.split('\n');
  const shown: ShownExample[] = [];
  let contract: AnyContract | undefined;
  let inFence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line)?.[1];
    if (inFence !== undefined) {
      if (fence !== undefined && line.trim() === inFence) inFence = undefined;
      continue;
    }
    if (fence !== undefined) {
      inFence = fence;
      continue;
    }
    const output = OUTPUT_HEADING.exec(line);
    if (output) {
      contract = contracts.find((candidate) => candidate.title === output[1]);
      if (!contract) throw new Error(`line ${i + 1}: "Output: ${output[1]}" names no declared contract`);
      continue;
    }
    // A new top-level section ends the contract's section.
    if (SECTION_HEADING.test(line)) contract = undefined;
    const example = EXAMPLE_HEADING.exec(line);
    if (!example || !contract) continue;
    let open = i + 1;
    while (open < lines.length && !FENCE.test(lines[open]!)) open++;
    const marker = FENCE.exec(lines[open] ?? '')?.[1];
    if (marker === undefined) throw new Error(`line ${i + 1}: example "${example[1]}" has no fence`);
    const close = lines.findIndex((candidate, index) => index > open && candidate === marker);
    if (close === -1) throw new Error(`line ${open + 1}: the fence of "${example[1]}" never closes`);
    shown.push({
      contract: contract.id,
      name: example[1]!,
      text: lines.slice(open + 1, close).join('\n'),
      line: i + 1,
    });
    i = close;
  }
  return shown;
}
