import type { LintSeverities } from '../../lint/finding.js';

/**
 * How much each lint rule matters to Pi 1.6.0's loader (`dist/core/skills.js`, `utils/frontmatter.js`): a skill
 * without a string `description`, or whose front matter the `yaml` parser refuses, is not loaded (`error`);
 * every name problem only warns and loads, a missing name falls back to the folder's; BOM and CRLF are
 * normalised away. `off` where the rule does not concern it.
 */
export const piLintSeverity = {
  'encoding-invalid': 'warning',
  bom: 'off',
  crlf: 'off',
  'skill-file-name': 'error',
  'front-matter-missing': 'error',
  'front-matter-js': 'error',
  'front-matter-unclosed': 'error',
  'yaml-tab-indent': 'error',
  'yaml-duplicate-key': 'error',
  'yaml-unquoted-colon': 'error',
  'yaml-syntax': 'error',
  'front-matter-not-mapping': 'error',
  'front-matter-triple-dash': 'off',
  'name-missing': 'info',
  'name-not-string': 'info',
  'name-too-long': 'warning',
  'name-not-lowercase': 'warning',
  'name-invalid-characters': 'warning',
  'name-hyphen-boundary': 'warning',
  'name-consecutive-hyphens': 'warning',
  // Pi 1.6.0 neither requires nor warns about a name that differs from the folder (docs/skills.md).
  'name-folder-mismatch': 'info',
  'name-reserved-word': 'off',
  'folder-name-reserved': 'off',
  'description-missing': 'error',
  'description-not-string': 'error',
  'description-too-long': 'warning',
  'description-listing-truncated': 'off',
  'description-xml-tag': 'warning',
  'compatibility-too-long': 'off',
  'compatibility-invalid': 'off',
  'metadata-not-mapping': 'warning',
  'metadata-value-not-string': 'off',
  'allowed-tools-not-string': 'off',
  'unknown-key': 'warning',
  'body-too-long': 'warning',
  'body-empty': 'info',
  'file-reference-unresolved': 'warning',
  'file-reference-escapes-skill': 'warning',
  'file-name-windows-unsafe': 'error',
  'contract-example-invalid': 'error',
  'contract-unknown': 'off',
} as const satisfies LintSeverities;
