// The API reference, generated from the built declaration files: per package, docs/api/<package>.md lists
// every public name of every entry point (package.json "exports") with its kind, its declaration and its
// doc comment. TypeScript 7 has no compiler API, so this reads the .d.ts files with ts-morph (a skill-gen
// dependency that bundles its own TypeScript).
//
//   node scripts/api-report.mjs          write docs/api/*.md (build the packages first)
//   node scripts/api-report.mjs --check  exit 1 when a committed page differs from a fresh one, or when
//                                        the runtime exports of all entries exceed the budget
//
// The output is deterministic (names sorted, paths relative), so the check doubles as an API-change gate:
// a change to a public name fails `npm test` until the report is regenerated and reviewed. Both modes
// print the runtime exports (functions, classes, enums, consts and namespace objects; types are free) per
// entry and in all, against RUNTIME_EXPORT_BUDGET (issue #20).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Node, Project, ts } from 'ts-morph';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['core', 'adapters', 'skill-gen', 'testing'];
const OUT_DIR = join(root, 'docs/api');
/** At most this many runtime exports across every public entry of every package. */
export const RUNTIME_EXPORT_BUDGET = 300;

/** Entry points with declaration files: `[subpath, path of the .d.ts]`. */
function entries(manifest) {
  return Object.entries(manifest.exports)
    .map(([subpath, target]) => [subpath, typeof target === 'string' ? target : target.types])
    .filter(([subpath, types]) => !subpath.includes('*') && /\.d\.[cm]?ts$/.test(types ?? ''));
}

function kindOf(node) {
  if (Node.isSourceFile(node)) return 'namespace object';
  if (Node.isFunctionDeclaration(node)) return 'function';
  if (Node.isClassDeclaration(node)) return 'class';
  if (Node.isInterfaceDeclaration(node)) return 'interface';
  if (Node.isTypeAliasDeclaration(node)) return 'type';
  if (Node.isEnumDeclaration(node)) return 'enum';
  if (Node.isModuleDeclaration(node)) return 'namespace';
  if (Node.isVariableDeclaration(node)) return 'const';
  return node.getKindName();
}

/** Kinds that exist at run time: what `Object.keys(await import(entry))` lists. */
const RUNTIME_KINDS = new Set(['function', 'class', 'enum', 'const', 'namespace object']);

const isRuntimeExport = (declarations) => declarations.some((node) => RUNTIME_KINDS.has(kindOf(node)));

/** The node that carries the doc comment and the text shown: a variable's statement, else the node. */
function carrier(node) {
  return Node.isVariableDeclaration(node) ? node.getVariableStatementOrThrow() : node;
}

function docOf(node) {
  const owner = carrier(node);
  if (!Node.isJSDocable(owner)) return '';
  return owner
    .getJsDocs()
    .map((doc) => doc.getInnerText().trim())
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A zod schema's inferred type longer than this is cut: the .d.ts has the rest, and the schema's own page
 * (its JSON Schema, its `z.output` type) says it better. Every other declaration is shown whole.
 */
const MAX_DECLARATION = 1200;

function declarationText(node) {
  if (Node.isSourceFile(node)) {
    const members = [...node.getExportedDeclarations()].map(
      ([member, [first]]) => `  ${member}: ${kindOf(first)};`,
    );
    return ['{', ...members.sort(), '}'].join('\n');
  }
  const owner = carrier(node);
  let text = owner.getText(false);
  if (Node.isVariableDeclaration(node) && owner.getDeclarations().length > 1) text = node.getText(false);
  text = text
    .replace(/^export\s+/, '')
    .replace(/^declare\s+/, '')
    .replaceAll('\r\n', '\n');
  const isSchema = Node.isVariableDeclaration(node) && node.getName().endsWith('Schema');
  if (text.length <= MAX_DECLARATION || !isSchema) return text;
  return `${text.slice(0, MAX_DECLARATION)}\n// … ${text.length - MAX_DECLARATION} more characters in the declaration file`;
}

function renderEntry(project, name, subpath, file) {
  const source = project.addSourceFileAtPath(file);
  const exported = [...source.getExportedDeclarations()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const specifier = subpath === '.' ? name : `${name}/${subpath.slice(2)}`;
  const runtime = exported.filter(([, declarations]) => isRuntimeExport(declarations)).length;
  const lines = [
    `## \`${specifier}\``,
    '',
    `${exported.length} public names, ${runtime} of them runtime exports.`,
    '',
  ];
  for (const [exportName, declarations] of exported) {
    const kinds = [...new Set(declarations.map(kindOf))].join(', ');
    lines.push(`### \`${exportName}\``, '', `*${kinds}*`, '');
    const docs = [...new Set(declarations.map(docOf).filter(Boolean))];
    if (docs.length > 0) lines.push(...docs.flatMap((doc) => [doc, '']));
    lines.push('```ts', ...declarations.map(declarationText), '```', '');
  }
  return { lines, count: { specifier, runtime } };
}

/**
 * Every page of the report: `{ path, content, counts }`, one per package; `counts` holds each entry's
 * runtime exports.
 */
export function renderApiReport() {
  const project = new Project({
    compilerOptions: {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      noEmit: true,
    },
    skipAddingFilesFromTsConfig: true,
  });
  return PACKAGES.map((dir) => {
    const packageDir = join(root, 'packages', dir);
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    const lines = [
      `# \`${manifest.name}\` API`,
      '',
      `Generated by \`node scripts/api-report.mjs\` from the built declaration files; do not edit. ${manifest.description ?? ''}`.trim(),
      '',
    ];
    const counts = [];
    for (const [subpath, types] of entries(manifest)) {
      const file = join(packageDir, types);
      if (!existsSync(file)) throw new Error(`${file} is missing: build the packages first (npm run build)`);
      const entry = renderEntry(project, manifest.name, subpath, file);
      lines.push(...entry.lines);
      counts.push(entry.count);
    }
    return { path: `${dir}.md`, content: `${lines.join('\n').trimEnd()}\n`, counts };
  });
}

/** The runtime-export table, and whether the total is within the budget. */
function budgetReport(pages) {
  const counts = pages.flatMap((page) => page.counts);
  const total = counts.reduce((sum, count) => sum + count.runtime, 0);
  const width = Math.max(...counts.map((count) => count.specifier.length));
  const rows = counts.map(
    (count) => `  ${count.specifier.padEnd(width)}  ${String(count.runtime).padStart(4)}`,
  );
  rows.push(`  ${'total'.padEnd(width)}  ${String(total).padStart(4)}  (budget ${RUNTIME_EXPORT_BUDGET})`);
  return {
    text: `api-report: runtime exports per entry\n${rows.join('\n')}\n`,
    within: total <= RUNTIME_EXPORT_BUDGET,
    total,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const pages = renderApiReport();
  const budget = budgetReport(pages);
  process.stdout.write(budget.text);
  if (!budget.within) {
    process.stderr.write(
      `api-report: ${budget.total} runtime exports, over the budget of ${RUNTIME_EXPORT_BUDGET}: make names a host, a pack author or a contract author does not use internal.\n`,
    );
    if (check) process.exitCode = 1;
  }
  const stale = pages.filter(({ path, content }) => {
    const file = join(OUT_DIR, path);
    return !existsSync(file) || readFileSync(file, 'utf8') !== content;
  });
  if (check) {
    if (stale.length > 0) {
      process.stderr.write(
        `api-report: docs/api is out of date (${stale.map((page) => page.path).join(', ')}): a public API changed. Review it, then run node scripts/api-report.mjs.\n`,
      );
      process.exitCode = 1;
    } else
      process.stdout.write(`api-report: docs/api matches the built declarations (${pages.length} pages).\n`);
  } else {
    mkdirSync(OUT_DIR, { recursive: true });
    for (const { path, content } of stale) writeFileSync(join(OUT_DIR, path), content);
    process.stdout.write(`api-report: wrote docs/api (${stale.length} of ${pages.length} pages changed).\n`);
  }
}
