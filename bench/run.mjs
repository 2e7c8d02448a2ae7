// Run every bench/*.bench.mjs in its own process and print one table of their figures.
//
// A benchmark is a module whose default export is an async function returning
// `{ name, figures: [{ label, value, unit?, baseline?, ratio?, target? }] }`. Each runs in a fresh
// `node` so peak RSS belongs to that benchmark alone. `node bench/run.mjs [filter]` runs the benchmarks whose
// file name contains filter; `--help` lists them; a filter that matches none is an error (exit 2).
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2] ?? '';
const benches = readdirSync(benchDir)
  .filter((file) => /\.bench\.m?js$/.test(file))
  .sort();
const usage = `usage: node bench/run.mjs [FILTER]: runs every bench/*.bench.mjs whose file name contains FILTER
(sizes, rounds and other knobs are environment variables: see bench/README.md). The benchmarks:
${benches.map((file) => `  ${file.replace(/\.bench\.m?js$/, '')}`).join('\n')}
`;
if (filter === '--help' || filter === '-h') {
  process.stdout.write(usage);
  process.exit(0);
}
const files = benches.filter((file) => file.includes(filter));
if (files.length === 0) {
  process.stderr.write(`bench: no benchmark's file name contains ${JSON.stringify(filter)}\n${usage}`);
  process.exit(2);
}

const child = fileURLToPath(new URL('./_child.mjs', import.meta.url));
const results = [];
for (const file of files) {
  process.stderr.write(`bench: ${file}\n`);
  const run = spawnSync(process.execPath, ['--expose-gc', child, file], {
    cwd: benchDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) {
    results.push({ file, error: `exited with ${run.status}` });
    continue;
  }
  try {
    results.push({ file, ...JSON.parse(run.stdout) });
  } catch {
    results.push({
      file,
      error: `printed no JSON result on stdout (${JSON.stringify(run.stdout.slice(0, 80))})`,
    });
  }
}

const rows = [['benchmark', 'figure', 'value', 'baseline', 'ratio', 'target', 'peak RSS']];
for (const result of results) {
  if (result.error) {
    rows.push([result.file, 'ERROR', result.error, '', '', '', '']);
    continue;
  }
  for (const figure of result.figures) {
    rows.push([
      result.name,
      figure.label,
      `${figure.value}${figure.unit ? ` ${figure.unit}` : ''}`,
      figure.baseline === undefined ? '' : `${figure.baseline}${figure.unit ? ` ${figure.unit}` : ''}`,
      figure.ratio === undefined ? '' : `${figure.ratio.toFixed(2)}×`,
      figure.target ?? '',
      `${Math.round(result.peakRssBytes / 2 ** 20)} MB`,
    ]);
  }
}
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
for (const [index, row] of rows.entries()) {
  console.log(
    row
      .map((cell, column) => String(cell).padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
if (results.some((result) => result.error)) process.exitCode = 1;
