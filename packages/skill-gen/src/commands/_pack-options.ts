import { parseArgs } from 'node:util';
import { SkillpackError } from '@skillpack/core';
import { type CliIo, EXIT } from '../cli-io.js';
import type { PackRequest } from '../pack/pack-request.js';
import { isTargetId, TARGET_IDS, type TargetId } from '../targets/target-id.js';

export interface PackOptions {
  readonly help: boolean;
  readonly request: PackRequest;
  readonly format: 'text' | 'json';
}

/** Options `build` and `check` share; a mistake throws an Error whose message is the usage problem. */
export function parsePackOptions(
  args: readonly string[],
  io: CliIo,
  formats: readonly string[] = ['text'],
): PackOptions {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      config: { type: 'string', short: 'c' },
      out: { type: 'string', short: 'o' },
      target: { type: 'string', short: 't', multiple: true },
      format: { type: 'string', default: 'text' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument ${JSON.stringify(positionals[0])}`);
  if (!formats.includes(values.format))
    throw new Error(`--format must be ${formats.join(' or ')}, got ${JSON.stringify(values.format)}`);
  // `--target a,b` and `--target a --target b` mean the same; duplicates collapse.
  const targets: TargetId[] = [];
  for (const value of (values.target ?? []).flatMap((entry) => entry.split(','))) {
    const target = value.trim();
    if (!isTargetId(target))
      throw new Error(`unknown target ${JSON.stringify(target)} (targets: ${TARGET_IDS.join(', ')})`);
    if (!targets.includes(target)) targets.push(target);
  }
  return {
    help: values.help,
    format: values.format as 'text' | 'json',
    request: {
      cwd: io.cwd,
      ...(values.config === undefined ? {} : { config: values.config }),
      ...(values.out === undefined ? {} : { out: values.out }),
      ...(targets.length > 0 ? { targets } : {}),
    },
  };
}

/** Print an expected failure without a stack: the message, then the fix on its own line. Rethrows bugs. */
export function reportFailure(io: CliIo, name: string, error: unknown): number {
  if (error instanceof SkillpackError) {
    const fix = typeof error.details.fix === 'string' ? error.details.fix : undefined;
    const suffix = fix === undefined ? '' : ` Fix: ${fix}`;
    const message =
      fix !== undefined && error.message.endsWith(suffix)
        ? error.message.slice(0, -suffix.length)
        : error.message;
    io.stderr(
      `skillpack ${name}: ${message}\n${fix === undefined ? '' : `  fix: ${fix}\n`}  (${error.code})\n`,
    );
    return EXIT.failed;
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    io.stderr(`skillpack ${name}: ${(error as Error).message}\n`);
    return EXIT.failed;
  }
  throw error;
}

export function usageFailure(io: CliIo, name: string, message: string, usage: string): number {
  io.stderr(`skillpack ${name}: ${message}\n\n${usage}`);
  return EXIT.usage;
}
