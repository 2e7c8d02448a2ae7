import { dirname, join } from 'node:path';
import { readRegularFile } from '../files/read-regular-file.js';
import type { CollectedSkillFile } from './collect.js';

const SHIPPED_SCHEMA = /^references\/([^/]+)\.schema\.json$/;
const MAX_SCHEMA_BYTES = 1024 * 1024;

/**
 * The contract schemas a built skill ships beside it (`references/<id>.schema.json`, not the OpenAI-strict
 * variant), by contract id: what `contract-example-invalid` checks the skill's examples against. Skill sources
 * ship none (build generates them); a schema that cannot be read is left out.
 */
export async function readContractSchemas(
  file: CollectedSkillFile,
): Promise<Readonly<Record<string, string>> | undefined> {
  const kind = file.kind ?? (file.fileName === 'skill.md' ? 'source' : 'skill');
  if (kind !== 'skill' || file.folderEntries === undefined) return undefined;
  const schemas: Record<string, string> = {};
  for (const entry of file.folderEntries) {
    const id = entry.type === 'file' ? SHIPPED_SCHEMA.exec(entry.path)?.[1] : undefined;
    if (id === undefined || id.endsWith('.openai')) continue;
    const read = await readRegularFile(join(dirname(file.path), entry.path), { maxBytes: MAX_SCHEMA_BYTES });
    if (read.success) schemas[id] = read.data.bytes.toString('utf8');
  }
  return schemas;
}
