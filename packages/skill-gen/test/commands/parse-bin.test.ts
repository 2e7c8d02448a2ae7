import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const TRACE = fileURLToPath(new URL('parse-trace.mjs', import.meta.url));
const FIXTURE = fileURLToPath(
  new URL('../../../adapters/test/fixtures/codex/exec-json-success-verdict.jsonl', import.meta.url),
);

function skillpack(args: readonly string[], input = '') {
  const trace = join(mkdtempSync(join(tmpdir(), 'skillpack-parse-trace-')), 'trace.txt');
  const run = spawnSync(process.execPath, ['--import', TRACE, CLI, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, SKILLPACK_TRACE_FILE: trace },
  });
  const loaded = existsSync(trace)
    ? [...new Set(readFileSync(trace, 'utf8').split('\n').filter(Boolean))]
    : [];
  return { ...run, loaded };
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the skill-gen package first`);
});

describe('skillpack parse as a process', () => {
  it('prints one JSON document and loads no template engine, front matter parser or ts-morph', () => {
    const run = skillpack(['parse', '--contract', 'conflux.acceptance', FIXTURE]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      ok: true,
      contract: 'conflux.acceptance',
      runtime: 'codex',
      value: { acceptance: 'pass' },
    });
    expect(run.loaded.some((url) => url.includes('/skill-gen/dist/commands/parse.js'))).toBe(true);
    expect(run.loaded.filter((url) => /handlebars|gray-matter|ts-morph|\/yaml\//.test(url))).toEqual([]);
  });

  it.each([
    [['parse', '--contract', 'conflux.acceptance', '--runtime', 'text'], 'no verdict here\n', 1],
    [['parse', '--contract', 'conflux.acceptance', '/nonexistent/run.jsonl'], '', 2],
    [['parse'], '', 2],
  ])('exits with the documented code for %j', (args, input, code) => {
    const run = skillpack(args, input);
    expect(run.status).toBe(code);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false });
  });
});
