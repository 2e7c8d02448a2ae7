// `---js` / `---javascript` front matter is never evaluated by build, check, lint or install.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { lintSkillFile, runLint } from '../../src/runtimes/runtime-lint.js';
import { buildPack, checkPack } from '../../src/runtimes/runtime-pack.js';
import { safeParseSkillFile } from '../../src/source/parse-skill-file.js';
import { configText, tempDir, writeTree } from '../_support/temp.js';
import { demoPackFiles, tempDir as installTempDir, writePack } from '../install/_support/packs.js';

const work = tempDir('skillpack-h11-js-');
const MARKER = join(work, 'pwned.txt');
const GLOBAL = '__skillpackH11Pwned';

/**
 * Front matter that, if evaluated by gray-matter's JavaScript engine (`eval`), sets a global and writes a
 * file, then still returns a valid-looking skill so nothing fails for another reason first.
 */
function payload(opener: string): string {
  const code = `(function () { globalThis.${GLOBAL} = true; require('fs').writeFileSync(${JSON.stringify(MARKER)}, 'pwned'); return { name: 'demo', description: 'D.' }; })()`;
  return `${opener}\n${code}\n---\n# Demo\n`;
}

const OPENERS = ['---js', '---javascript', '--- js', '---JS', '---JavaScript ', '---js\t'] as const;

afterEach(() => {
  expect((globalThis as Record<string, unknown>)[GLOBAL], 'the payload set its global').toBeUndefined();
  expect(existsSync(MARKER), 'the payload wrote its file').toBe(false);
});

async function cli(args: readonly string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stdin: process.stdin,
    cwd,
    env: { SKILLPACK_HOME: join(work, 'no-home') },
  });
  return { code, stdout, stderr };
}

describe.each(OPENERS)('front matter opened by %j is never evaluated', (opener) => {
  it('safeParseSkillFile refuses it with a typed error', () => {
    const result = safeParseSkillFile(payload(opener), 'skills/demo/skill.md');
    expect(result.success).toBe(false);
    if (!result.success)
      expect(['front_matter_javascript', 'front_matter_language']).toContain(result.error.code);
  });

  it('build and check refuse the skill source', async () => {
    const root = writeTree(tempDir(), {
      'skillpack.config.json': configText({
        out: 'out',
        targets: ['claude-code', 'codex', 'opencode', 'portable'],
      }),
      'skills/demo/skill.md': payload(opener),
    });
    await expect(buildPack({ cwd: root })).rejects.toMatchObject({ name: 'ConfigError' });
    await expect(checkPack({ cwd: root })).rejects.toMatchObject({ name: 'ConfigError' });
    const build = await cli(['build'], root);
    expect(build.code).not.toBe(0);
    expect(existsSync(join(root, 'out'))).toBe(false);
  });

  it('lint reports it, as a SKILL.md and as a skill source, through the API and the CLI', async () => {
    for (const fileName of ['SKILL.md', 'skill.md']) {
      const findings = lintSkillFile(
        { file: `demo/${fileName}`, fileName, folderName: 'demo', bytes: Buffer.from(payload(opener)) },
        ['claude-code', 'codex', 'opencode', 'portable'],
      );
      expect(findings.map((finding) => finding.rule)).toContain('front-matter-js');
      const root = tempDir();
      mkdirSync(join(root, 'demo'));
      writeFileSync(join(root, 'demo', fileName), payload(opener));
      const report = await runLint({ paths: ['.'], runtimes: ['claude-code', 'portable'], cwd: root });
      expect(
        report.success && report.data.findings.some((finding) => finding.rule === 'front-matter-js'),
      ).toBe(true);
      const run = await cli(['lint', '.', '--format', 'json'], root);
      expect(run.code).toBe(1);
    }
  });

  it('install copies such a SKILL.md verbatim and evaluates nothing', async () => {
    const packRoot = installTempDir();
    const files = { ...demoPackFiles('1.0.0') };
    files['claude-code/.claude/skills/demo/SKILL.md'] = payload(opener);
    const packDir = writePack(join(packRoot, 'pack'), { name: 'demo-pack', version: '1.0.0' }, files);
    const project = join(packRoot, 'project');
    mkdirSync(project);
    const run = await cli(
      ['install', packDir, '--runtime', 'claude-code', '--scope', 'project', '--dir', project],
      packRoot,
    );
    expect(run.code, run.stderr).toBe(0);
  });
});

describe('YAML front matter that asks for code', () => {
  it.each([
    [
      'a js/function tag',
      'name: demo\ndescription: !!js/function "function () { globalThis.__skillpackH11Pwned = true }"',
    ],
    [
      'a js/eval tag',
      'name: demo\ndescription: !<tag:yaml.org,2002:js/eval> "globalThis.__skillpackH11Pwned = true"',
    ],
    [
      'a handlebars helper call',
      'name: demo\ndescription: "{{#with (lookup this \'constructor\')}}{{/with}}"',
    ],
  ])('%s is read as data or refused, never run', (_label, yaml) => {
    const result = safeParseSkillFile(`---\n${yaml}\n---\n# Demo\n`, 'skills/demo/skill.md');
    if (result.success) expect(typeof result.data.frontMatter.description).toBe('string');
    const findings = lintSkillFile(
      {
        file: 'demo/SKILL.md',
        fileName: 'SKILL.md',
        folderName: 'demo',
        bytes: Buffer.from(`---\n${yaml}\n---\nBody\n`),
      },
      ['claude-code'],
    );
    expect(Array.isArray(findings)).toBe(true);
  });
});
