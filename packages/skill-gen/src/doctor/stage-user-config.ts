import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { isUncopied } from './staged-home.js';

/**
 * Copy each folder of the user configuration a user-scope install lives in (`userConfig`) that exists into a
 * staging folder, so a stand-in can be added; the folders that only record the runtime's use (`histories`) stay
 * out.
 */
export async function stageUserConfig(
  userConfig: readonly string[],
  histories: readonly string[],
  home: string,
  stage: string,
) {
  const copies: { from: string; to: string }[] = [];
  for (const folder of userConfig) {
    const from = join(home, folder);
    if (!existsSync(from)) continue;
    await cp(from, join(stage, folder), {
      recursive: true,
      filter: (source) => !isUncopied(histories, folder, from, source),
    });
    copies.push({ from: join(stage, folder), to: folder });
  }
  return copies;
}
