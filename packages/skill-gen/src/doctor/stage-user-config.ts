import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Copy each folder of the user configuration a user-scope install lives in (`userConfig`) that exists into a
 * staging folder, so a stand-in can be added.
 */
export async function stageUserConfig(userConfig: readonly string[], home: string, stage: string) {
  const copies: { from: string; to: string }[] = [];
  for (const folder of userConfig) {
    if (!existsSync(join(home, folder))) continue;
    await cp(join(home, folder), join(stage, folder), {
      recursive: true,
      filter: (source) => !/[\\/](?:\.git|sessions|log|logs)$/.test(source),
    });
    copies.push({ from: join(stage, folder), to: folder });
  }
  return copies;
}
