import { type LintCheck, type LintRule, toLintRule } from '../finding.js';
import type { LintDeclarations } from '../lint-declaration.js';
import { lintFacts } from '../lint-facts.js';
import { bodyEmpty, bodyTooLong, fileReferenceEscapesSkill, fileReferenceUnresolved } from './body.js';
import {
  descriptionListingTruncated,
  descriptionMissing,
  descriptionNotString,
  descriptionTooLong,
  descriptionXmlTag,
} from './description.js';
import {
  allowedToolsNotString,
  compatibilityInvalid,
  compatibilityTooLong,
  metadataNotMapping,
  metadataValueNotString,
  unknownKey,
} from './fields.js';
import { byteOrderMark, crlfLineEndings, encodingInvalid, skillFileName } from './file-format.js';
import { fileNameWindowsUnsafe } from './file-names.js';
import {
  frontMatterJs,
  frontMatterMissing,
  frontMatterNotMapping,
  frontMatterTripleDash,
  frontMatterUnclosed,
  yamlDuplicateKey,
  yamlSyntax,
  yamlTabIndent,
  yamlUnquotedColon,
} from './front-matter-structure.js';
import {
  folderNameReserved,
  nameConsecutiveHyphens,
  nameFolderMismatch,
  nameHyphenBoundary,
  nameInvalidCharacters,
  nameMissing,
  nameNotLowercase,
  nameNotString,
  nameReservedWord,
  nameTooLong,
} from './name.js';

/** Every lint rule's check, in report order within a line. */
export const LINT_CHECKS: readonly LintCheck[] = [
  encodingInvalid,
  byteOrderMark,
  crlfLineEndings,
  skillFileName,
  frontMatterMissing,
  frontMatterJs,
  frontMatterUnclosed,
  yamlTabIndent,
  yamlDuplicateKey,
  yamlUnquotedColon,
  yamlSyntax,
  frontMatterNotMapping,
  frontMatterTripleDash,
  nameMissing,
  nameNotString,
  nameTooLong,
  nameNotLowercase,
  nameInvalidCharacters,
  nameHyphenBoundary,
  nameConsecutiveHyphens,
  nameFolderMismatch,
  nameReservedWord,
  folderNameReserved,
  descriptionMissing,
  descriptionNotString,
  descriptionTooLong,
  descriptionListingTruncated,
  descriptionXmlTag,
  compatibilityTooLong,
  compatibilityInvalid,
  metadataNotMapping,
  metadataValueNotString,
  allowedToolsNotString,
  unknownKey,
  bodyTooLong,
  bodyEmpty,
  fileReferenceUnresolved,
  fileReferenceEscapesSkill,
  fileNameWindowsUnsafe,
];

/** Every lint rule, with the severity and the facts each runtime's declaration gives it. */
export function lintRules(declarations: LintDeclarations): LintRule[] {
  const facts = lintFacts(declarations);
  return LINT_CHECKS.map((check) => toLintRule(check, declarations, facts));
}
