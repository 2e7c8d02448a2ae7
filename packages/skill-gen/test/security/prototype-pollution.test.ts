// Polluting keys in config, lock file, manifest, front matter and `skillpack parse` input.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { safeParsePackConfig } from '../../src/config/load-pack-config.js';
import { safeParseManifest } from '../../src/pack/manifest.js';
import { safeParseLockFile } from '../../src/runtimes/runtime-install.js';
import { lintSkillFile } from '../../src/runtimes/runtime-lint.js';
import { safeParseSkillFile } from '../../src/source/parse-skill-file.js';
import { configText } from '../_support/temp.js';
import { demoPackFiles, skillpack, tempDir, writePack } from '../install/_support/packs.js';
import {
  expectPlainData,
  expectPrototypesUntouched,
  POLLUTING_JSON,
  prototypeSnapshot,
} from '../properties/_support/core-support.js';

/** `base` (a JSON object text) with the members of `extra` (another JSON object text) added. */
function merge(base: string, extra: string): string {
  return `${base.trimEnd().slice(0, -1)},${extra.slice(1)}`;
}

const LOCK = JSON.stringify({ lockfileVersion: 1, installs: [] });
const MANIFEST = JSON.stringify({
  schemaVersion: 1,
  generator: { name: 'g', version: '1.0.0' },
  pack: { name: 'demo', version: '1.0.0' },
  targets: [],
  contracts: [],
  sources: [],
  files: [],
});

describe.each([
  [
    'pack config',
    (text: string) => safeParsePackConfig(text, 'skillpack.config.json'),
    configText(),
    'config_invalid',
  ],
  ['lock file', (text: string) => safeParseLockFile(text, 'skillpack-lock.json'), LOCK, 'lock_file_corrupt'],
  [
    'manifest',
    (text: string) => safeParseManifest(text, 'skillpack.manifest.json'),
    MANIFEST,
    'manifest_invalid',
  ],
] as const)('%s with polluting keys', (_name, parse, base, code) => {
  it.each(POLLUTING_JSON)('%s is refused with a typed error and reaches no prototype', (json) => {
    const before = prototypeSnapshot();
    const result = parse(merge(base, json));
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe(code);
    expectPrototypesUntouched(before);
  });
});

const YAML_KEYS = [
  '__proto__:\n  polluted: true',
  'constructor:\n  prototype:\n    polluted: true',
  'metadata:\n  __proto__: x',
  'metadata:\n  prototype: x',
  '"__proto__": {polluted: true}',
  'base: &base\n  polluted: true\nmetadata:\n  <<: *base',
] as const;

describe('front matter with polluting keys', () => {
  it.each(YAML_KEYS)('%j: build refuses or reads plain data; lint never pollutes', (yaml) => {
    const before = prototypeSnapshot();
    const text = `---\nname: demo\ndescription: Demo skill.\n${yaml}\n---\n# Demo\n`;
    const result = safeParseSkillFile(text, 'skills/demo/skill.md');
    if (result.success) expectPlainData(result.data.frontMatter);
    else expect(['front_matter_invalid', 'front_matter_yaml']).toContain(result.error.code);
    if (/__proto__|constructor|prototype/.test(yaml)) expect(result.success).toBe(false);
    lintSkillFile(
      { file: 'demo/SKILL.md', fileName: 'SKILL.md', folderName: 'demo', bytes: Buffer.from(text) },
      ['claude-code', 'codex', 'opencode', 'portable'],
    );
    expectPrototypesUntouched(before);
  });
});

describe('CLI inputs with polluting keys', () => {
  it('install refuses a pack manifest with __proto__ keys', async () => {
    const before = prototypeSnapshot();
    const work = tempDir();
    mkdirSync(join(work, 'project'));
    const packDir = writePack(
      join(work, 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      demoPackFiles('1.0.0'),
    );
    const manifestPath = join(packDir, 'skillpack.manifest.json');
    writeFileSync(manifestPath, merge(readFileSync(manifestPath, 'utf8'), POLLUTING_JSON[0]));
    const run = await skillpack(
      [
        'install',
        packDir,
        '--runtime',
        'codex',
        '--scope',
        'project',
        '--dir',
        join(work, 'project'),
        '--format',
        'json',
      ],
      { cwd: work },
    );
    expect(JSON.parse(run.stdout).error.code).toBe('pack_manifest_invalid');
    expectPrototypesUntouched(before);
  });

  it.each(POLLUTING_JSON)('parse prints plain data for an answer carrying %s', async (json) => {
    const before = prototypeSnapshot();
    for (const contract of ['conflux.acceptance', 'zaofu.gate-failed', 'devflow.new-task']) {
      let stdout = '';
      await runCli(['parse', '--contract', contract, '--runtime', 'text'], {
        stdout: (text) => {
          stdout += text;
        },
        stderr: () => undefined,
        stdin: Readable.from([merge('{"acceptance":"pass"}', json)]),
        cwd: tempDir(),
        env: {},
      });
      expectPlainData(JSON.parse(stdout));
    }
    expectPrototypesUntouched(before);
  });
});
