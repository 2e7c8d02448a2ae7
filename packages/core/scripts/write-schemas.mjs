// Write every built-in contract's JSON Schema into dist/schemas/ after `tsc`, so the published package
// serves them at `@skillpack/core/schemas/<id>.json` to hosts that do not run TypeScript.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

const outDir = new URL('../dist/schemas/', import.meta.url);
const { builtinContracts } = await import(new URL('../dist/contracts.js', import.meta.url).href);

/** Sorted keys at every depth, two-space indent, LF and one trailing newline: equal schemas, equal bytes. */
function toStableJson(value) {
  const sortKeys = (node) => {
    if (Array.isArray(node)) return node.map(sortKeys);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.keys(node)
        .sort()
        .map((key) => [key, sortKeys(node[key])]),
    );
  };
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const index = [];
for (const contract of builtinContracts.list()) {
  const file = `${contract.id}.json`;
  const openaiFile = `${contract.id}.openai.json`;
  writeFileSync(new URL(file, outDir), toStableJson(contract.toJSONSchema()));
  writeFileSync(new URL(openaiFile, outDir), toStableJson(contract.toJSONSchema({ variant: 'openai' })));
  index.push({
    id: contract.id,
    version: contract.version,
    title: contract.title,
    delivery: contract.delivery,
    file,
    openaiFile,
  });
}
writeFileSync(new URL('index.json', outDir), toStableJson({ schemaVersion: 1, contracts: index }));
console.log(`Wrote ${index.length} contract schemas (and their OpenAI-strict variants) into dist/schemas/.`);
