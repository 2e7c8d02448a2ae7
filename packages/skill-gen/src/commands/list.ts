import type { RuntimeId } from '@skillpack/adapters';
import { defineCommand } from '../cli/command.js';
import { EXIT } from '../cli/exit-code.js';
import { INSTALL_SCOPES, type InstallScope } from '../install/layout.js';
import type { ScopeListing } from '../install/operations.js';
import { ROOT_OPTIONS, RUNTIME_OPTION, resolveRoots, SCOPE_OPTION } from './_install-options.js';
import { COMMAND_SUMMARIES } from './_summaries.js';

export const command = defineCommand({
  name: 'list',
  summary: COMMAND_SUMMARIES.list,
  description:
    'Show the packs skillpack installed, per scope and runtime, and how many of their files you changed since.',
  options: {
    scope: { ...SCOPE_OPTION, description: 'Only this scope', defaultText: 'both' },
    runtime: { ...RUNTIME_OPTION, description: 'Only this runtime', defaultText: 'every runtime' },
    ...ROOT_OPTIONS,
  },
  output: 'formats',
  exits: { ok: 'listed', failed: 'a lock file is damaged' },
  async run({ io, values, format }) {
    const [{ listScope }, { formatListingJson, formatListingText }] = await Promise.all([
      import('../runtimes/runtime-install.js'),
      import('../install/format.js'),
    ]);
    const scopes = values.scope === undefined ? INSTALL_SCOPES : [values.scope as InstallScope];
    const roots = resolveRoots(values, io);
    const listings: ScopeListing[] = [];
    for (const scope of scopes) {
      const listing = await listScope({ scope, ...roots }, values.runtime as RuntimeId | undefined);
      if (!listing.success) throw listing.error;
      listings.push(listing.data);
    }
    io.stdout(format === 'json' ? formatListingJson(listings) : formatListingText(listings));
    return EXIT.ok;
  },
});
