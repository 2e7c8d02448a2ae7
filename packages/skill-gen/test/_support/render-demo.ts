import YAML from 'yaml';
import { loadPack } from '../../src/pack/load-pack.js';
import { renderPack } from '../../src/pack/render-pack.js';
import { SKILL_GEN_RUNTIMES } from '../../src/runtimes/registry.js';
import type { TargetId } from '../../src/targets/target-id.js';
import { demoRegistry } from './demo-registry.js';
import { configText, skillText, standInBundles, tempDir, writeTree } from './temp.js';

/** The front matter every target test renders: spec keys, every runtime section, a hooked contract. */
export const FULL_FRONT_MATTER = [
  'name: full',
  'description: |',
  '  Full skill.',
  '  Second line.',
  'license: MIT',
  'compatibility: Needs git.',
  'metadata:',
  '  version: "1.0"',
  'allowed-tools: Read Grep',
  'contracts: [demo.answer]',
  'claude-code:',
  '  argument-hint: "[id]"',
  '  disable-model-invocation: true',
  '  allowed-tools: [Read, "Bash(git:*)"]',
  '  paths: ["src/**"]',
  'codex:',
  '  description: Codex wording.',
  '  metadata:',
  '    short-description: Short.',
  '  interface:',
  '    display_name: Full',
  '  policy:',
  '    allow_implicit_invocation: false',
  'opencode:',
  '  license: Apache-2.0',
].join('\n');

/** Render a pack with one full skill and one plain skill for `target` (or several targets), in memory. */
export async function renderDemo(
  target: TargetId | readonly TargetId[],
  hooks: Record<string, unknown> = { 'demo.answer': { maxBlocks: 3 } },
) {
  const root = writeTree(tempDir(), {
    'skillpack.config.json': configText({
      out: 'out',
      targets: typeof target === 'string' ? [target] : [...target],
      hooks,
    }),
    'skills/full/skill.md': skillText(
      FULL_FRONT_MATTER,
      '# Full\n\n{{> contract-output contract="demo.answer"}}\n',
    ),
    'skills/plain/skill.md': skillText('name: plain\ndescription: Plain.'),
  });
  const inputs = await loadPack(SKILL_GEN_RUNTIMES, {
    cwd: root,
    registry: demoRegistry,
    bundles: standInBundles,
  });
  const pack = renderPack(inputs);
  const text = (path: string) => {
    const file = pack.files.find((candidate) => candidate.path === path);
    if (!file) throw new Error(`${path} was not rendered`);
    return typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('utf8');
  };
  const frontMatter = (path: string) =>
    YAML.parse(/^---\n([\s\S]*?)\n---\n/.exec(text(path))![1]!) as Record<string, unknown>;
  return {
    pack,
    paths: pack.files.map((file) => file.path),
    text,
    frontMatter,
    json: (path: string) => JSON.parse(text(path)),
  };
}
