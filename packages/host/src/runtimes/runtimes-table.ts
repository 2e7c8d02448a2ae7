import { RUNTIME_IDS, type RuntimeId } from '@skillpack/adapters';
import type { HostRuntime } from './host-runtime.js';
import { HOST_RUNTIMES } from './index.js';

/** The markers around the generated table in packages/host/README.md. */
export const HOST_RUNTIMES_TABLE_BEGIN =
  '<!-- host-runtimes-table:begin (generated from src/runtimes/ by `npm run docs`) -->';
export const HOST_RUNTIMES_TABLE_END = '<!-- host-runtimes-table:end -->';

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

const EXAMPLE = { prompt: '<prompt>', native: [], extra: [] } as const;

function command(runtime: HostRuntime, args: readonly string[]): string {
  return `\`${[runtime.bin, ...args].join(' ')}\``;
}

/**
 * The runtimes `runContract` runs, one row per `HOST_RUNTIMES` declaration: its CLI, the versions its reader
 * was proven on, the first and the resumed command line, its structured-output option and what it needs
 * from the caller.
 */
export function renderHostRuntimesTable(
  runtimes: Readonly<Record<RuntimeId, HostRuntime>> = HOST_RUNTIMES,
): string {
  const rows = RUNTIME_IDS.map((id) => {
    const runtime = runtimes[id];
    return [
      `\`${id}\``,
      `\`>=${runtime.versions.min} <${runtime.versions.below}\``,
      command(runtime, runtime.start(EXAMPLE)),
      command(runtime, runtime.resume('<session>', { ...EXAMPLE, prompt: '<correction>' })),
      runtime.nativeSchema ? `\`${runtime.nativeSchema.flag}\`` : 'none',
      runtime.requires ?? '',
    ]
      .map(cell)
      .join(' | ');
  });
  return [
    '| runtime | proven versions | first run | correction (same session) | native structured output | the caller provides |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** `readme` with the text between the markers replaced by `table`; `undefined` when a marker is missing. */
export function withHostRuntimesTable(readme: string, table: string): string | undefined {
  const begin = readme.indexOf(HOST_RUNTIMES_TABLE_BEGIN);
  const end = readme.indexOf(HOST_RUNTIMES_TABLE_END);
  if (begin < 0 || end < begin) return undefined;
  return `${readme.slice(0, begin + HOST_RUNTIMES_TABLE_BEGIN.length)}\n${table}\n${readme.slice(end)}`;
}
