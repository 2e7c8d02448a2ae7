import { describe, expect, it } from 'vitest';
import { renderDemo } from '../_support/render-demo.js';

const SPEC_KEYS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];

describe('portable target', () => {
  it('writes only the six Agent Skills keys', async () => {
    const { frontMatter } = await renderDemo('portable');
    const skill = frontMatter('portable/skills/full/SKILL.md');
    expect(Object.keys(skill).every((key) => SPEC_KEYS.includes(key))).toBe(true);
    expect(skill).toEqual({
      name: 'full',
      description: 'Full skill. Second line.',
      'allowed-tools': 'Read Grep',
      compatibility: 'Needs git.',
      license: 'MIT',
      metadata: { version: '1.0' },
    });
  });

  it('writes an npm package whose skills field lists the skill folders, and no hooks when it builds no runtime', async () => {
    const { json, paths } = await renderDemo('portable');
    expect(json('portable/package.json')).toEqual({
      name: 'demo-pack',
      version: '0.1.0',
      description: 'Demo pack.',
      author: { name: 'Demo' },
      license: 'MIT',
      keywords: ['agent-skills'],
      files: ['skills', 'skillpack.manifest.json'],
      skills: ['./skills/full', './skills/plain'],
    });
    expect(paths.some((path) => path.includes('hook'))).toBe(false);
    // Its own manifest, relative to the package: what `skillpack install` verifies the published package by.
    const manifest = json('portable/skillpack.manifest.json') as {
      targets: string[];
      files: { path: string }[];
    };
    expect(manifest.targets).toEqual(['portable']);
    expect(manifest.files.map((file) => file.path)).toEqual(
      paths
        .filter((path) => path.startsWith('portable/') && path !== 'portable/skillpack.manifest.json')
        .map((path) => path.slice('portable/'.length))
        .sort(),
    );
  });

  it('carries every runtime form the pack builds, hooks and plugins included, in its files and manifest', async () => {
    const { json, paths, text } = await renderDemo(['claude-code', 'codex', 'opencode', 'portable']);
    const runtimePaths = paths.filter(
      (path) => !path.startsWith('portable/') && path !== 'skillpack.manifest.json',
    );
    const carried = paths.filter((path) => /^portable\/(claude-code|codex|opencode)\//.test(path));
    expect(carried.sort()).toEqual(runtimePaths.map((path) => `portable/${path}`).sort());
    for (const path of runtimePaths) expect(text(`portable/${path}`)).toBe(text(path));
    // The Stop hook and its program for Claude Code and Codex, the OpenCode plugin: what install enforces with.
    for (const path of [
      'portable/claude-code/plugin/hooks/hooks.json',
      'portable/claude-code/plugin/hooks/skillpack-hook.cjs',
      'portable/codex/plugin/hooks/hooks.json',
      'portable/codex/plugin/hooks/skillpack-hook.cjs',
    ])
      expect(paths).toContain(path);
    expect(paths.some((path) => path.startsWith('portable/opencode/.opencode/plugins/'))).toBe(true);
    expect(json('portable/package.json').files).toEqual([
      'skills',
      'claude-code',
      'codex',
      'opencode',
      'skillpack.manifest.json',
    ]);
    const manifest = json('portable/skillpack.manifest.json') as {
      targets: string[];
      files: { path: string }[];
    };
    expect(manifest.targets).toEqual(['claude-code', 'codex', 'opencode', 'portable']);
    expect(manifest.files.map((file) => file.path)).toEqual(
      paths
        .filter((path) => path.startsWith('portable/') && path !== 'portable/skillpack.manifest.json')
        .map((path) => path.slice('portable/'.length))
        .sort(),
    );
  });
});
