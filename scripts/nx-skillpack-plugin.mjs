// nx.json loads this file as the repository's @skillpack/nx plugin. The plugin runs the repository's own
// packages (packages/nx and packages/skill-gen, from their dist), which exist only after `npm run build`;
// until then the example packs are not Nx projects yet, and this says so on stderr instead of failing every
// nx command (the packages' own build included). `npm start` builds the packages first, then the packs.
import { existsSync } from 'node:fs';

const PLUGIN = new URL('../packages/nx/dist/index.js', import.meta.url);
const NEEDS = ['../packages/skill-gen/dist/index.js', '../packages/adapters/dist/bundles/skillpack-hook.cjs'];
const built = existsSync(PLUGIN) && NEEDS.every((path) => existsSync(new URL(path, import.meta.url)));

export const createNodesV2 = built
  ? (await import(PLUGIN.href)).createNodesV2
  : [
      '**/skillpack.config.json',
      (files) => {
        if (files.length > 0) {
          process.stderr.write(
            '@skillpack/nx: the packages are not built yet, so the skill packs are not Nx projects yet (run npm run build).\n',
          );
        }
        return [];
      },
    ];
