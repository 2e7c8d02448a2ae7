import { parseAcceptanceOutput } from './dist/conflux/index.js';
const MB = 2**20;
const builds = {
  prose: (b) => 'Checking the retry branch of src/a.ts, nothing decided yet.\n'.repeat(b / 60),
  legacy: (b) => `ACCEPTANCE: FAIL\nFINDINGS:\n${'- item\n'.repeat(b / 7)}`,
  fences: (b) => '```\nx\n'.repeat(b / 6),
  markers: (b) => '## **ACCEPTANCE: PASSED**\n'.repeat(b / 26),
  deco: (b) => '*_'.repeat(b / 2),
};
for (const [name, build] of Object.entries(builds)) {
  for (const size of [5, 20]) {
    const text = build(size * MB);
    const times = [];
    for (let i = 0; i < 3; i++) { const t = performance.now(); parseAcceptanceOutput(text); times.push(performance.now() - t); }
    console.log(name, size, times.map((x) => x.toFixed(0)).join(' '), 'ms');
  }
}
