// Issue #41: the installed size of the `skillpack` CLI. `npm i -D @skillpack/skill-gen` into an empty project
// (the built tarballs served by a local registry, every other package from npm's own registry; the optional
// peers left out, as npm leaves them), measured as the bytes of the files under node_modules; beside it the
// anchors' CLIs installed the same way: the `skills` CLI (the `install` bench's peer, 1.7.4) and cc-hooks-ts
// (the `stop-hook-floors` anchor, 2.1.251; `SKILLPACK_BENCH_CC_HOOKS_TS`), and the scaffolded pack's extra:
// skill-gen with the peers `skillpack init` lists (esbuild, ts-morph, @skillpack/testing). Target ≤ 20 MB.
// Without the network the anchors say "unavailable" and the skill-gen figure still prints.
import { INSTALLED_SIZE_GOAL_BYTES, measureInstalledSize, megabytes } from '../scripts/installed-size.mjs';

const CC_HOOKS_TS = process.env.SKILLPACK_BENCH_CC_HOOKS_TS ?? '2.1.251';
const ANCHORS = ['skills@1.7.4', `cc-hooks-ts@${CC_HOOKS_TS}`];

export default async function bench() {
  const measured = await measureInstalledSize({ anchors: ANCHORS, withPeers: true });
  const skillGen = measured.skillGen.bytes;
  const figures = [
    {
      label: 'npm i -D @skillpack/skill-gen: node_modules',
      value: megabytes(skillGen),
      unit: 'MB',
      baseline: megabytes(INSTALLED_SIZE_GOAL_BYTES),
      ratio: skillGen / INSTALLED_SIZE_GOAL_BYTES,
      target: '≤ 20 MB (1.0× the goal)',
    },
    {
      label: `  largest: ${measured.skillGen.packages
        .slice(0, 4)
        .map((row) => `${row.name} ${megabytes(row.bytes)} MB`)
        .join(', ')}`,
      value: '',
    },
  ];
  if (measured.withPeers)
    figures.push({
      label: 'with the peers `skillpack init` lists (esbuild, ts-morph, @skillpack/testing)',
      value: megabytes(measured.withPeers.bytes),
      unit: 'MB',
      baseline: megabytes(skillGen),
      ratio: measured.withPeers.bytes / skillGen,
    });
  for (const anchor of measured.anchors)
    figures.push(
      anchor.error
        ? { label: `npm i -D ${anchor.spec}: anchor unavailable (${anchor.error})`, value: '' }
        : {
            label: `npm i -D ${anchor.spec} (anchor): node_modules`,
            value: megabytes(anchor.bytes),
            unit: 'MB',
            baseline: megabytes(skillGen),
            ratio: skillGen / anchor.bytes,
            target: 'skill-gen / anchor, reported',
          },
    );
  return { name: 'install-size', figures };
}
