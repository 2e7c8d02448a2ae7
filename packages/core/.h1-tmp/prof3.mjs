import { parseAcceptanceOutput } from './dist/conflux/index.js';
const MB = 2**20;
const unwrap = (line) => { if (!line.startsWith("{")) return undefined; try { const v = JSON.parse(line); return v && v.type === 'assistant' ? 'x' : undefined; } catch { return undefined; } };
const builds = [
  ['prose', (b) => 'Checking the retry branch of src/a.ts, nothing decided yet.\n'.repeat(b / 60)],
  ['deco', (b) => '*_'.repeat(b / 2)],
  ['braces', (b) => '{'.repeat(b)],
  ['bracewrapped', (b) => `{${'"acceptance" '.repeat(b / 13)}}`],
  ['fences', (b) => '```\nx\n'.repeat(b / 6)],
];
for (const [name, build] of builds) {
  for (const size of [5, 20]) {
    const text = build(size * MB);
    const t = performance.now();
    parseAcceptanceOutput(text, { unwrapLine: unwrap });
    console.log(name, size, (performance.now() - t).toFixed(0), 'ms');
  }
}
