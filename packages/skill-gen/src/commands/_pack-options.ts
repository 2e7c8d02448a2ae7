import type { CommandContext, OptionValues } from '../cli/command.js';
import type { PackRequest } from '../pack/pack-request.js';
import { TARGET_IDS, type TargetId } from '../targets/target-id.js';

/** The options `build` and `check` share. */
export const PACK_OPTIONS = {
  config: {
    type: 'string',
    short: 'c',
    value: 'FILE',
    description: 'Pack config',
    default: 'skillpack.config.json',
  },
  target: {
    type: 'string',
    short: 't',
    value: 'T',
    multiple: true,
    choices: TARGET_IDS,
    description: 'Target to build',
    defaultText: "the config's targets",
  },
  out: {
    type: 'string',
    short: 'o',
    value: 'DIR',
    description: 'Pack directory',
    defaultText: 'the config\'s "out", relative to the config file',
  },
} as const;

/** The pack request `build` and `check` work from. */
export function packRequest({
  io,
  values,
}: Pick<CommandContext<typeof PACK_OPTIONS>, 'io'> & {
  values: OptionValues<typeof PACK_OPTIONS>;
}): PackRequest {
  return {
    cwd: io.cwd,
    config: values.config,
    ...(values.out === undefined ? {} : { out: values.out }),
    ...(values.target.length > 0 ? { targets: values.target as readonly TargetId[] } : {}),
  };
}
