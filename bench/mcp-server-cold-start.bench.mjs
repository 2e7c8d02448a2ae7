// Issue #43: the MCP submit server `skillpack build` ships in a pack whose skill speaks a tool-delivered
// contract, against a minimal MCP server written with the same SDK (`@modelcontextprotocol/sdk`, one tool
// with a JSON Schema, bundled by the same esbuild recipe: self-contained CommonJS, minified). Each process is
// fed `initialize`, `notifications/initialized`, `tools/list` and one `tools/call` on stdin and exits when
// stdin ends. Figures: whole-process wall and CPU time over interleaved runs after warm-ups, and peak RSS
// (`process.resourceUsage().maxRSS`, written on exit by a `--require`d probe), target ≤ 1.1× for both.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measuredEnv, median, round1, timeCommands } from './_timing.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SKILL_GEN = join(root, 'packages/skill-gen/dist/index.js');
const RUNS = Number(process.env.SKILLPACK_BENCH_RUNS ?? 30);
const WARMUP = 3;

const REFUND = `import { defineContract } from '@skillpack/core';
import { z } from 'zod';

export const refund = defineContract({
  id: 'acme.refund',
  version: '1.0.0',
  title: 'Acme refund decision',
  description: 'Whether the order is refunded.',
  delivery: 'tool',
  schema: z.strictObject({ refund: z.boolean(), amount: z.number().positive() }),
  examples: [{ name: 'refund', value: { refund: true, amount: 12.5 } }],
});
`;

/** The least a submit server does: list one tool, check the value by hand, answer. */
const MINIMAL = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'minimal', version: '1.0.0' }, { capabilities: { tools: {} } });
const inputSchema = {
  type: 'object',
  properties: { refund: { type: 'boolean' }, amount: { type: 'number', exclusiveMinimum: 0 } },
  required: ['refund', 'amount'],
  additionalProperties: false,
};
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [{ name: 'submit_acme_refund', description: 'Submit the refund decision.', inputSchema }],
}));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const args = request.params.arguments ?? {};
  const ok = typeof args.refund === 'boolean' && typeof args.amount === 'number' && args.amount > 0;
  return { content: [{ type: 'text', text: ok ? 'Accepted.' : 'Wrong value.' }], ...(ok ? {} : { isError: true }) };
});
server.connect(new StdioServerTransport());
`;

const requests = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
  {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'submit_acme_refund', arguments: { refund: true, amount: 3 } },
  },
];
const STDIN = `${requests.map((request) => JSON.stringify(request)).join('\n')}\n`;

async function packServer(dir) {
  if (!existsSync(SKILL_GEN)) throw new Error('build first: npm run build');
  mkdirSync(join(dir, 'contracts'));
  mkdirSync(join(dir, 'skills', 'refund'), { recursive: true });
  writeFileSync(join(dir, 'contracts', 'refund.ts'), REFUND);
  writeFileSync(
    join(dir, 'skills', 'refund', 'skill.md'),
    '---\nname: refund\ndescription: Decide a refund. Use when asked about a refund.\ncontracts: [acme.refund]\n---\n\nDecide.\n',
  );
  writeFileSync(
    join(dir, 'skillpack.config.json'),
    JSON.stringify({
      name: 'acme-refund',
      version: '1.0.0',
      description: 'Acme refund.',
      author: { name: 'Acme' },
      license: 'MIT',
      targets: ['claude-code'],
      contracts: ['./contracts/refund.ts'],
    }),
  );
  const { buildPack } = await import(pathToFileURL(SKILL_GEN).href);
  await buildPack({ cwd: dir });
  return join(dir, 'dist/skill-packs/claude-code/plugin/mcp/skillpack-mcp.cjs');
}

/** The minimal server bundled as the pack's is: one CommonJS file, minified, for Node 20.19. */
async function minimalServer(dir) {
  const require = createRequire(join(root, 'packages/skill-gen/package.json'));
  const { build } = await import(pathToFileURL(require.resolve('esbuild')).href);
  const entry = join(dir, 'minimal-server.mjs');
  writeFileSync(entry, MINIMAL);
  const file = join(dir, 'minimal-server.cjs');
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'cjs',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    nodePaths: [join(root, 'node_modules')],
  });
  return file;
}

/** Peak RSS of `file` serving STDIN, in MiB, median of `runs`. */
function peakRss(file, probe, runs) {
  const values = [];
  for (let round = 0; round < runs; round++) {
    const run = spawnSync(process.execPath, ['--require', probe, file], {
      input: STDIN,
      env: measuredEnv(process.env),
      encoding: 'utf8',
    });
    const match = /maxrss=(\d+)/.exec(run.stderr);
    if (run.status !== 0 || !match)
      throw new Error(`${file}: exit ${run.status}, stderr ${run.stderr.slice(0, 300)}`);
    values.push(Number(match[1]) / 1024);
  }
  return median(values);
}

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-bench-mcp-'));
  try {
    const pack = await packServer(dir);
    const minimal = await minimalServer(dir);
    const answered = /"text":"Accepted[^\n]*"id":3}/;
    const commands = [
      { label: 'minimal SDK server', args: [minimal], stdin: STDIN, expect: answered },
      { label: 'pack submit server', args: [pack], stdin: STDIN, expect: answered, target: '≤ 1.1×' },
    ];
    const figures = timeCommands(commands, { runs: RUNS, warmup: WARMUP, env: process.env });
    const probe = join(dir, 'rss-probe.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => require('node:fs').writeSync(2, 'maxrss=' + process.resourceUsage().maxRSS + '\\n'));\n",
    );
    const rssRuns = Math.max(5, Math.min(RUNS, 11));
    const packRss = peakRss(pack, probe, rssRuns);
    const minimalRss = peakRss(minimal, probe, rssRuns);
    figures.push(
      {
        label: `pack submit server peak RSS vs minimal SDK server: median of ${rssRuns}`,
        value: round1(packRss),
        unit: 'MiB',
        baseline: round1(minimalRss),
        ratio: packRss / minimalRss,
        target: '≤ 1.1×',
      },
      {
        label: 'pack submit server file size (minimal SDK server as baseline)',
        value: round1(statSync(pack).size / 1024),
        unit: 'KiB',
        baseline: round1(readFileSync(minimal).byteLength / 1024),
        ratio: statSync(pack).size / readFileSync(minimal).byteLength,
      },
    );
    return { name: 'mcp server cold start', figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
