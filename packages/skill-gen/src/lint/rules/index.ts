import type { RuntimeId } from '@skillpack/adapters';
import { type LintCheck, type LintRule, type LintSeverities, toLintRule } from '../finding.js';
import { bodyEmpty, bodyTooLong, fileReferenceEscapesSkill, fileReferenceUnresolved } from './body.js';
import { contractExampleInvalid } from './contract-examples.js';
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
  contractExampleInvalid,
];

/** Every lint rule, with the severity each runtime's declaration gives it. */
export function lintRules(severities: Readonly<Record<RuntimeId, LintSeverities>>): LintRule[] {
  return LINT_CHECKS.map((check) => toLintRule(check, severities));
}
