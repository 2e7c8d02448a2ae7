// Linear time, as ratios: each scanner's time on four times the input over its time on the input. Linear work
// gives about 4×; quadratic work gives 16×. These used to be timed assertions in the test suite, which a
// loaded machine could fail; the tests now check the results on the same inputs, and this measures the time.
//
// Imports the built core: npx tsc -p packages/core/tsconfig.build.json.
import { timeOf } from './_timing.mjs';

const MB = 2 ** 20;
const SMALL = Number(process.env.LINEAR_BENCH_MB ?? 4) * MB;

const core = (path) => import(new URL(`../packages/core/dist/${path}`, import.meta.url).href);

export default async function linearScans() {
  const [{ stripMarkdownDecorations }, { safeParseAcceptanceOutput }, { safeParseJsonText }] =
    await Promise.all([core('text/markdown.js'), core('conflux/index.js'), core('devflow/json-text.js')]);
  const cases = [
    [
      'stripMarkdownDecorations: a run of *_',
      (bytes) => `${'*_'.repeat(bytes / 2)}ACCEPTANCE: PASS`,
      stripMarkdownDecorations,
    ],
    [
      'conflux parse: one line of braces',
      (bytes) => '{'.repeat(bytes),
      (text) => safeParseAcceptanceOutput(text, { maxLineLength: Number.POSITIVE_INFINITY }),
    ],
    [
      'conflux parse: fence toggles',
      (bytes) => '```\nx\n'.repeat(bytes / 6),
      (text) => safeParseAcceptanceOutput(text),
    ],
    [
      'conflux parse: near-miss markers',
      (bytes) => '## **ACCEPTANCE: PASSED**\n'.repeat(bytes / 26),
      (text) => safeParseAcceptanceOutput(text),
    ],
    [
      'devflow JSON text: a long escaped string',
      (bytes) => `"${'\\\\'.repeat(bytes / 2)}"`,
      (text) => safeParseJsonText(text, { maxBytes: 64 * MB }),
    ],
  ];
  const figures = [];
  for (const [label, build, scan] of cases) {
    const small = build(SMALL);
    const large = build(SMALL * 4);
    const smallTime = Math.max(
      timeOf(() => scan(small)),
      1,
    );
    const largeTime = timeOf(() => scan(large));
    figures.push({
      label: `${label}, ${Math.round(large.length / MB)} MB`,
      value: Math.round(largeTime),
      unit: 'ms',
      baseline: Math.round(smallTime),
      ratio: largeTime / smallTime,
      target: '< 8× (linear: 4×)',
    });
  }
  return { name: 'linear scans', figures };
}
