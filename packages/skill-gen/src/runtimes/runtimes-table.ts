import { SKILL_GEN_RUNTIME_LIST } from './registry.js';

/** The markers around the generated table in packages/skill-gen/README.md. */
export const RUNTIMES_TABLE_BEGIN =
  '<!-- runtimes-table:begin (generated from src/runtimes/ by `npm run docs`) -->';
export const RUNTIMES_TABLE_END = '<!-- runtimes-table:end -->';

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/**
 * The supported-runtimes table, one row per runtime declaration: pinned version (from the npm
 * `dependencies` of `e2e/runtimes/package.json`), skill folders, hook event, trust step, what enforcement
 * needs. A runtime whose package is not pinned there shows `not pinned`.
 */
export function renderRuntimesTable(pinned: Readonly<Record<string, string>>): string {
  const rows = SKILL_GEN_RUNTIME_LIST.map((runtime) => {
    const { docs } = runtime;
    const version = Object.hasOwn(pinned, docs.npmPackage) ? pinned[docs.npmPackage] : undefined;
    return [
      `${runtime.title} (\`${runtime.id}\`)`,
      version === undefined ? 'not pinned' : `\`${docs.npmPackage}\` ${version}`,
      docs.skillFolders,
      docs.hookEvent,
      docs.trustStep,
      docs.enforcement,
    ]
      .map(cell)
      .join(' | ');
  });
  return [
    '| runtime | pinned version | skill folders | hook event | trust step | enforcement needs |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** `readme` with the text between the markers replaced by `table`; `undefined` when a marker is missing. */
export function withRuntimesTable(readme: string, table: string): string | undefined {
  const begin = readme.indexOf(RUNTIMES_TABLE_BEGIN);
  const end = readme.indexOf(RUNTIMES_TABLE_END);
  if (begin < 0 || end < begin) return undefined;
  return `${readme.slice(0, begin + RUNTIMES_TABLE_BEGIN.length)}\n${table}\n${readme.slice(end)}`;
}
