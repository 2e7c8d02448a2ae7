// `skillpack parse` on a huge stdin, deeply nested documents and oversized sources: bounded and typed.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { safeParsePackConfig } from '../../src/config/load-pack-config.js';
import { safeParseManifest } from '../../src/pack/manifest.js';
import { safeParseLockFile } from '../../src/runtimes/runtime-install.js';
import { lintSkillFile } from '../../src/runtimes/runtime-lint.js';
import { safeParseSkillFile } from '../../src/source/parse-skill-file.js';
import { tempDir } from '../_support/temp.js';
import { lazyStream, MiB, STRESS_BYTES } from '../properties/_support/core-support.js';

const chunk = new Uint8Array(MiB).fill(0x78);

async function parseCommand(runtime: string, stdin: AsyncIterable<Uint8Array>) {
  let stdout = '';
  const start = process.memoryUsage().rss;
  let peak = start;
  async function* watched() {
    for await (const piece of stdin) {
      peak = Math.max(peak, process.memoryUsage().rss);
      yield piece;
    }
  }
  const code = await runCli(['parse', '--contract', 'conflux.acceptance', '--runtime', runtime], {
    stdout: (text) => {
      stdout += text;
    },
    stderr: () => undefined,
    stdin: Readable.from(watched()),
    cwd: tempDir(),
    env: {},
  });
  return {
    code,
    document: JSON.parse(stdout) as { ok: boolean; error?: { code: string } },
    growth: peak - start,
  };
}

describe(`skillpack parse on ${STRESS_BYTES / MiB} MiB of stdin with no newline (SKILLPACK_STRESS_BYTES)`, () => {
  it.each([
    // auto keeps at most 64 MiB for the plain-text fallback; text stops reading past it.
    ['auto', 'input_too_large', 160 * MiB],
    ['text', 'input_too_large', 160 * MiB],
    // A claude-code stream without its result line is a run that did not complete.
    ['claude-code', 'run_not_complete', 96 * MiB],
  ])(
    '--runtime %s ends with a typed error (%s) in bounded memory',
    async (runtime, code, bound) => {
      const run = await parseCommand(runtime, lazyStream(chunk, STRESS_BYTES));
      expect(run.document.ok).toBe(false);
      expect(run.document.error?.code).toBe(code);
      expect([1, 2]).toContain(run.code);
      expect(run.growth, `memory grew by ${Math.round(run.growth / MiB)} MiB`).toBeLessThan(bound);
    },
    120_000,
  );
});

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('deeply nested input', () => {
  it.each([
    ['a pack config', () => safeParsePackConfig(`{"name":${deepArray(100_000)}}`, 'c.json')],
    ['a lock file', () => safeParseLockFile(`{"installs":${deepArray(100_000)}}`, 'lock.json')],
    ['a manifest', () => safeParseManifest(`{"files":${deepArray(100_000)}}`, 'm.json')],
    [
      'front matter',
      () => safeParseSkillFile(`---\nname: demo\ndescription: ${deepArray(30_000)}\n---\nx\n`, 'skill.md'),
    ],
    [
      'front matter flow mappings',
      () =>
        safeParseSkillFile(`---\nname: ${'{a: '.repeat(15_000)}1${'}'.repeat(15_000)}\n---\nx\n`, 'skill.md'),
    ],
  ])('%s is a typed failure, never a stack overflow', (_label, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toMatch(/^[A-Za-z_]+$/);
  });

  it('lint reads deeply nested YAML without a stack overflow', () => {
    const text = `---\nname: demo\ndescription: ${deepArray(30_000)}\n---\nx\n`;
    const findings = lintSkillFile(
      { file: 'demo/SKILL.md', fileName: 'SKILL.md', folderName: 'demo', bytes: Buffer.from(text) },
      ['claude-code'],
    );
    expect(findings.length).toBeGreaterThan(0);
  });
});

describe('oversized sources', () => {
  it('a 5 MiB skill source is refused before parsing, with its size', () => {
    const result = safeParseSkillFile(
      `---\nname: demo\ndescription: D.\n---\n${'x'.repeat(5 * MiB)}`,
      'skill.md',
    );
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('source_too_large');
  });

  it('front matter of 10^5 lines is refused as too large (a hang fails by the test timeout)', () => {
    const result = safeParseSkillFile(`---\n${'\n'.repeat(100_000)}name: demo\n---\nx\n`, 'skill.md');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('front_matter_too_large');
  });
});
