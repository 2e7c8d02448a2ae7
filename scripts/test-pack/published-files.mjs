// What a published tarball may and must hold, checked on `npm pack`'s file list by `npm run test:pack` (the
// tarballs) and by scripts/published-files.test.mjs (`npm pack --dry-run`, part of `npm test`).
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Paths a published tarball must never contain, each with the reason it is reported. */
export const FORBIDDEN_PATHS = [
  { pattern: /(^|\/)(test|tests|__tests__)\//, what: 'a test folder' },
  { pattern: /\.(test|spec)\.[cm]?[jt]sx?$/, what: 'a test file' },
  { pattern: /(^|\/)fixtures?\//, what: 'fixtures' },
  { pattern: /\.tsbuildinfo$/, what: 'TypeScript build info' },
  { pattern: /(^|\/)__snapshots__\//, what: 'snapshots' },
  { pattern: /(^|\/)node_modules\//, what: 'node_modules' },
  { pattern: /\.tgz$/, what: 'a tarball' },
  { pattern: /(^|\/)\.env(\.|$)/, what: 'an env file' },
  // Issue #41: a user runs dist/ and reads its .d.ts; the sources and the maps into them were 4 MB of the install.
  { pattern: /^src\//, what: 'a TypeScript source (dist/ carries the JavaScript and the .d.ts)' },
  { pattern: /\.map$/, what: 'a source map (the sources it maps to are not published)' },
];

/** Files each tarball must carry for its features to work once installed. */
export const REQUIRED_PATHS = {
  '@skillpack/core': ['README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'dist/schemas/index.json'],
  '@skillpack/adapters': [
    'README.md',
    'LICENSE',
    'bin/skillpack-hook.js',
    'dist/bin/skillpack-hook.js',
    'dist/bundles/skillpack-hook.cjs',
  ],
  '@skillpack/host': ['README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'dist/otel/index.js'],
  '@skillpack/skill-gen': [
    'README.md',
    'LICENSE',
    'bin/skillpack.js',
    'bin/package.json',
    'dist/cli.js',
    'dist/bundles/skillpack-parse.cjs',
    'dist/bundles/skillpack-install.cjs',
    'dist/bundles/skillpack-start.cjs',
    'dist/templates/partials/contract-output.hbs',
  ],
  '@skillpack/testing': ['README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts'],
  '@skillpack/nx': ['README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts'],
};

const CODE_FILE = /\.(d\.)?[cm]?[jt]s$/;
const SOURCE_MAP_COMMENT = /\/\/# sourceMappingURL=(\S+)\s*$/;

/** The file a module's trailing `sourceMappingURL` comment names, if it names one (an inline map names none). */
export function sourceMapOf(text) {
  const url = SOURCE_MAP_COMMENT.exec(text.slice(-1024))?.[1];
  return url === undefined || url.startsWith('data:') ? undefined : url;
}

/**
 * What is wrong with the file list `paths` (relative to `packageDir`, as `npm pack --json` lists them) that
 * package `name` publishes: a forbidden path, a required one missing, a module naming a source map left out.
 */
export function publishedFileProblems(name, paths, packageDir) {
  const problems = [];
  const listed = new Set(paths);
  for (const path of paths) {
    const hit = FORBIDDEN_PATHS.find((rule) => rule.pattern.test(path));
    if (hit) {
      problems.push(`${name}: ${path} is ${hit.what}`);
      continue;
    }
    const map = CODE_FILE.test(path) ? sourceMapOf(readFileSync(join(packageDir, path), 'utf8')) : undefined;
    if (map !== undefined && !listed.has(posix.join(posix.dirname(path), map)))
      problems.push(`${name}: ${path} names the source map ${map}, which is not published`);
  }
  const required = REQUIRED_PATHS[name];
  if (!required) problems.push(`${name}: no required paths are declared for it in published-files.mjs`);
  for (const path of required ?? []) if (!listed.has(path)) problems.push(`${name}: ${path} is missing`);
  return problems;
}
