import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContractRegistry } from '@skillpack/core';
import { toStableJson } from '../json/stable-json.js';

/** Every registered contract's JSON Schemas: `<id>.schema.json` (output direction) and `<id>.openai.schema.json`. */
export function contractSchemaFiles(registry: ContractRegistry): { path: string; content: string }[] {
  return registry.list().flatMap((contract) => [
    { path: `${contract.id}.schema.json`, content: toStableJson(contract.toJSONSchema({ io: 'output' })) },
    {
      path: `${contract.id}.openai.schema.json`,
      content: toStableJson(contract.toJSONSchema({ variant: 'openai' })),
    },
  ]);
}

/** `skillpack schemas --out DIR`: write the files of `contractSchemaFiles`; returns the paths written. */
export async function writeContractSchemas(outDir: string, registry: ContractRegistry): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const files = contractSchemaFiles(registry);
  for (const file of files) await writeFile(join(outDir, file.path), file.content);
  return files.map((file) => file.path);
}
