// Pathological inputs, as ratios: each scanner's time on four times the input over its time on the input
// (linear work gives about 4×, quadratic 16×). The tests check these inputs' results; this measures time.
//
// Imports the built packages: npm run build.
import { timeOf } from './_timing.mjs';

const dist = (path) => import(new URL(`../packages/${path}`, import.meta.url).href);

export default async function pathologicalInputs() {
  const [{ findZfEmitCommands, findZfEmitCommandsInText }, { safeParseSkillFile }, { findFileReferences }] =
    await Promise.all([
      dist('core/dist/zaofu/index.js'),
      dist('skill-gen/dist/source/parse-skill-file.js'),
      dist('skill-gen/dist/lint/file-references.js'),
    ]);
  const cases = [
    ['zaofu: zf emit tokens', (n) => 'zf emit '.repeat(n * 30_000), (text) => findZfEmitCommands(text)],
    [
      'zaofu: operators in text',
      (n) => 'zf emit a && '.repeat(n * 20_000),
      (text) => findZfEmitCommandsInText(text),
    ],
    [
      'skill.md: a large body',
      (n) => `---\nname: demo\ndescription: d\n---\n${'line with {{skill.name}}\n'.repeat(n * 8_000)}`,
      (text) => safeParseSkillFile(text, 'skills/demo/skill.md'),
    ],
    [
      'lint: file references in ]( runs',
      (n) => ['](x'.repeat(n * 75_000)],
      (lines) => findFileReferences(lines, 1),
    ],
  ];
  const figures = [];
  for (const [label, build, scan] of cases) {
    const small = build(1);
    const large = build(4);
    const smallTime = Math.max(
      timeOf(() => scan(small)),
      1,
    );
    const largeTime = timeOf(() => scan(large));
    figures.push({
      label: `${label} (4× the input)`,
      value: Math.round(largeTime),
      unit: 'ms',
      baseline: Math.round(smallTime),
      ratio: largeTime / smallTime,
      target: '< 8× (linear: 4×)',
    });
  }
  return { name: 'pathological inputs', figures };
}
