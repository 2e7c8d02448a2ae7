import { parseAcceptanceOutput } from '/work/main/packages/core/.h1-tmp/dist/conflux/index.js';
const MB = 2**20;
const builds = {
  prose: (b) => 'Checking the retry branch of src/a.ts, nothing decided yet.\n'.repeat(b / 60),
  legacy: (b) => `ACCEPTANCE: FAIL\nFINDINGS:\n${'- item\n'.repeat(b / 7)}`,
  fences: (b) => '```\nx\n'.repeat(b / 6),
  markers: (b) => '## **ACCEPTANCE: PASSED**\n'.repeat(b / 26),
  escapes: (b) => `{"acceptance":"pass","s":"${'\\u0041\\"'.repeat(b / 8)}x`,
  braces: (b) => '{'.repeat(b),
  deco: (b) => '*_'.repeat(b / 2),
};
const which = process.argv[2];
for (const [name, build] of Object.entries(builds)) {
  if (which && which !== name) continue;
  for (const size of [1, 2, 4]) {
    const text = build(size * MB);
    const t = performance.now();
    parseAcceptanceOutput(text);
    console.log(name, size, (performance.now() - t).toFixed(0), 'ms');
  }
}
