// The API reference, generated from the built declaration files: per package, docs/api/<package>.md lists
// every public name of every entry point (package.json "exports") with its kind, its declaration and its
// doc comment. TypeScript 7 has no compiler API, so this reads the .d.ts files with ts-morph (a skill-gen
// dependency that bundles its own TypeScript).
//
//   node scripts/api-report.mjs          write docs/api/*.md (build the packages first)
//   node scripts/api-report.mjs --check  exit 1 when a committed page differs from a fresh one, when the
//                                        runtime exports of all public entries exceed the budget (an entry
//                                        whose own doc comment says @internal is listed, not counted), when a public
//                                        name (or a member of a namespace object) has no doc comment, or
//                                        when a link of the task index (docs/api/README.md) is broken
//
// A name without a description is marked *undocumented* on its page and listed by both modes; the task
// index's links to `<package>.md#anchor` must name a page and a heading of it (GitHub's anchors).
//
// The output is deterministic (names sorted, paths relative), so the check doubles as an API-change gate:
// a change to a public name fails `npm test` until the report is regenerated and reviewed. Both modes
// print the runtime exports (functions, classes, enums, consts and namespace objects; types are free) per
// entry and in all, against RUNTIME_EXPORT_BUDGET (issue #20).
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Node, Project, ts } from 'ts-morph';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['core', 'adapters', 'host', 'skill-gen', 'testing', 'nx'];
const OUT_DIR = join(root, 'docs/api');
/** The hand-written task index of docs/api: its links are checked, it is not generated. */
const INDEX_PAGE = 'README.md';
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

/** The text of a `/** … *\/` comment, without its delimiters and leading `*`s. */
function commentText(comment) {
  return comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim();
}

/**
 * The doc comment of a namespace object (`export * as name from '…'`): a source file carries none, so it is
 * the comment on the export declaration in the entry file.
 */
function namespaceDocOf(entry, exportName) {
  for (const declaration of entry.getExportDeclarations()) {
    if (declaration.getNamespaceExport()?.getName() !== exportName) continue;
    const comments = declaration
      .getLeadingCommentRanges()
      .map((range) => range.getText())
      .filter((text) => text.startsWith('/**'));
    return comments.length > 0 ? commentText(comments[comments.length - 1]) : '';
  }
  return '';
}

/** The first paragraph of a doc comment, on one line. */
function summaryOf(doc) {
  return doc
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ')
    .trim();
}

/** A namespace object's members with their doc comments: `[name, doc]`, sorted by name. */
function namespaceMembers(source) {
  return [...source.getExportedDeclarations()]
    .map(([member, declarations]) => [
      member,
      [...new Set(declarations.map(docOf).filter(Boolean))].join('\n\n'),
    ])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A declaration as the page shows it: whole, however long (a zod schema's inferred type included), because the
 * page is reviewed as a diff and a change past a cut would pass unseen.
 */
export function declarationText(node) {
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
  return text;
}

/** The entry file's own doc comment: the first `/** … *\/` comment before its first statement, if any. */
function entryDocOf(source) {
  const first = source.getStatements()[0];
  const comment = first
    ?.getLeadingCommentRanges()
    .map((range) => range.getText())
    .find((text) => text.startsWith('/**'));
  return comment === undefined ? '' : commentText(comment);
}

/**
 * The section of an entry whose own doc comment says `@internal`: plumbing another skillpack package or this
 * package's build imports, exported only because a subpath is how packages share code. It is named, not
 * documented, and its runtime exports are not counted against the budget.
 */
function renderInternalEntry(specifier, doc, exported, runtime) {
  const summary = summaryOf(doc.replace(/@internal\b/g, '')) || 'Internal plumbing.';
  const lines = [
    `## \`${specifier}\``,
    '',
    `*internal* — ${summary} Not public API: no compatibility promise, and its ${runtime} runtime exports are not counted against the budget.`,
    '',
    ...exported.map(
      ([exportName, declarations]) =>
        `- \`${exportName}\` (${[...new Set(declarations.map(kindOf))].join(', ')})`,
    ),
    '',
  ];
  return { lines, count: { specifier, runtime, internal: true }, undocumented: [] };
}

/**
 * One entry point's section of its package page: `{ lines, count, undocumented }`, `undocumented` naming
 * each public name (and namespace member, as `namespace.member`) without a doc comment. An entry whose own doc
 * comment says `@internal` gets a short section instead (`renderInternalEntry`).
 */
export function renderEntry(project, name, subpath, file) {
  const source = project.addSourceFileAtPath(file);
  const exported = [...source.getExportedDeclarations()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const specifier = subpath === '.' ? name : `${name}/${subpath.slice(2)}`;
  const runtime = exported.filter(([, declarations]) => isRuntimeExport(declarations)).length;
  const entryDoc = entryDocOf(source);
  if (/@internal\b/.test(entryDoc)) return renderInternalEntry(specifier, entryDoc, exported, runtime);
  const body = [];
  const undocumented = [];
  for (const [exportName, declarations] of exported) {
    const kinds = [...new Set(declarations.map(kindOf))].join(', ');
    body.push(`### \`${exportName}\``, '', `*${kinds}*`, '');
    const docs = [
      ...new Set(
        declarations
          .map((node) => (Node.isSourceFile(node) ? namespaceDocOf(source, exportName) : docOf(node)))
          .filter(Boolean),
      ),
    ];
    if (docs.length > 0) body.push(...docs.flatMap((doc) => [doc, '']));
    else {
      body.push('*undocumented*', '');
      undocumented.push(exportName);
    }
    body.push('```ts', ...declarations.map(declarationText), '```', '');
    for (const namespace of declarations.filter((node) => Node.isSourceFile(node))) {
      const members = namespaceMembers(namespace);
      body.push(
        ...members.map(([member, doc]) => `- \`${member}\`: ${doc ? summaryOf(doc) : '*undocumented*'}`),
        '',
      );
      undocumented.push(...members.filter(([, doc]) => !doc).map(([member]) => `${exportName}.${member}`));
    }
  }
  const missing =
    undocumented.length > 0 ? ` ${undocumented.length} without a description (*undocumented*).` : '';
  const lines = [
    `## \`${specifier}\``,
    '',
    `${exported.length} public names, ${runtime} of them runtime exports.${missing}`,
    '',
    ...body,
  ];
  return {
    lines,
    count: { specifier, runtime },
    undocumented: undocumented.map((name) => `${specifier} ${name}`),
  };
}

/**
 * Every page of the report: `{ path, content, counts, undocumented }`, one per package; `counts` holds each
 * entry's runtime exports, `undocumented` the names without a doc comment (`<specifier> <name>`).
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
    const undocumented = [];
    for (const [subpath, types] of entries(manifest)) {
      const file = join(packageDir, types);
      if (!existsSync(file)) throw new Error(`${file} is missing: build the packages first (npm run build)`);
      const entry = renderEntry(project, manifest.name, subpath, file);
      lines.push(...entry.lines);
      counts.push(entry.count);
      undocumented.push(...entry.undocumented);
    }
    return { path: `${dir}.md`, content: `${lines.join('\n').trimEnd()}\n`, counts, undocumented };
  });
}

/**
 * The anchors GitHub gives the headings of a Markdown page (github-slugger): the heading's text lowercased,
 * punctuation other than `-` and `_` dropped, spaces made `-`, and `-1`, `-2`, … added to repeats.
 */
export function headingAnchors(markdown) {
  const anchors = new Set();
  const occurrences = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/`([^`]*)`/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    while (anchors.has(anchor)) {
      const count = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, count);
      anchor = `${base}-${count}`;
    }
    anchors.add(anchor);
  }
  return anchors;
}

/**
 * The broken links of a Markdown page: every relative link `[text](target.md#anchor)` (or `(#anchor)`)
 * whose page is not in `pages` (path relative to the linking page -> content) or whose anchor is no heading
 * of it. External links (`scheme:`) are not checked. Returns `"<target>: <why>"` strings.
 */
export function brokenLinks(markdown, pagePath, pages) {
  const broken = [];
  const anchorsOf = new Map();
  for (const [, target] of markdown.matchAll(/\]\(([^()\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [file, anchor] = target.split('#');
    const path = file === '' ? pagePath : file.replace(/^\.\//, '');
    const content = pages.get(path);
    if (content === undefined) {
      broken.push(`${target}: no page ${path}`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!anchorsOf.has(path)) anchorsOf.set(path, headingAnchors(content));
    if (!anchorsOf.get(path).has(anchor))
      broken.push(`${target}: ${path} has no heading with the anchor #${anchor}`);
  }
  return broken;
}

/** The task index's broken links, against the fresh pages and any other file it links to. */
function indexReport(pages) {
  const file = join(OUT_DIR, INDEX_PAGE);
  if (!existsSync(file)) return [`${INDEX_PAGE} is missing`];
  const index = readFileSync(file, 'utf8');
  const targets = new Map(pages.map((page) => [page.path, page.content]));
  targets.set(INDEX_PAGE, index);
  for (const [, target] of index.matchAll(/\]\(([^()\s#]+)[^()\s]*\)/g)) {
    const path = target.replace(/^\.\//, '');
    const onDisk = join(OUT_DIR, path);
    if (targets.has(path) || !existsSync(onDisk)) continue;
    targets.set(path, statSync(onDisk).isFile() ? readFileSync(onDisk, 'utf8') : '');
  }
  return brokenLinks(index, INDEX_PAGE, targets);
}

/** The runtime-export table, and whether the total is within the budget (internal entries not counted). */
export function budgetReport(pages) {
  const counts = pages.flatMap((page) => page.counts);
  const total = counts.reduce((sum, count) => sum + (count.internal ? 0 : count.runtime), 0);
  const width = Math.max(...counts.map((count) => count.specifier.length));
  const rows = counts.map(
    (count) =>
      `  ${count.specifier.padEnd(width)}  ${String(count.runtime).padStart(4)}${count.internal ? '  (internal, not counted)' : ''}`,
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
  const undocumented = pages.flatMap((page) => page.undocumented);
  if (undocumented.length > 0) {
    process.stderr.write(
      `api-report: ${undocumented.length} public names have no description; give each a doc comment at its declaration:\n${undocumented.map((name) => `  ${name}\n`).join('')}`,
    );
    if (check) process.exitCode = 1;
  }
  const broken = indexReport(pages);
  if (broken.length > 0) {
    process.stderr.write(
      `api-report: docs/api/${INDEX_PAGE} has ${broken.length} broken links:\n${broken.map((link) => `  ${link}\n`).join('')}`,
    );
    process.exitCode = 1;
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
