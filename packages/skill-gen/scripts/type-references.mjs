// Write dist/type-references.json: the type reference (`references/<contract>.d.ts`) of every built-in contract,
// read with ts-morph from @skillpack/core's declarations once, here, so that `skillpack build` of a pack that
// speaks only built-in contracts loads no ts-morph (an optional peer). Run after `tsc` by `build`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinContracts } from '@skillpack/core/contracts';
import { createTypeReferences, PREBUILT_TYPE_REFERENCES } from '../dist/render/type-reference.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const coreDir = dirname(createRequire(import.meta.url).resolve('@skillpack/core/package.json'));
const coreVersion = JSON.parse(readFileSync(join(coreDir, 'package.json'), 'utf8')).version;
const contracts = builtinContracts.ids.map((id) => builtinContracts.get(id));
const read = await createTypeReferences(contracts, { coreDir, prefer: 'declarations', prebuilt: false });
const references = {};
for (const id of [...read.keys()].sort()) {
  const reference = read.get(id);
  if (reference.origin === 'declarations')
    references[id] = { version: builtinContracts.get(id).version, text: reference.text };
}
writeFileSync(
  join(packageDir, PREBUILT_TYPE_REFERENCES),
  `${JSON.stringify({ core: coreVersion, references }, null, 2)}\n`,
);
