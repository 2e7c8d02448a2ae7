import { defineRule, type RuleViolation } from '../finding.js';
import { type FrontMatterNode, nodeTypeName, readsAsNonStringInYaml11 } from '../front-matter.js';
import { codePointLength, frontMatterFor, preview, stringValue } from '../front-matter-view.js';
import { SOURCE_ONLY_KEYS } from '../known-keys.js';

const COMPATIBILITY_LIMIT = 500;

export const compatibilityTooLong = defineRule({
  id: 'compatibility-too-long',
  summary: '`compatibility` is longer than 500 characters.',
  portable: 'error',
  fix: 'Shorten `compatibility` to at most 500 characters.',
  check(skill, runtime, facts) {
    const entry = frontMatterFor(skill, runtime, facts)?.get('compatibility');
    const text = stringValue(entry?.value);
    if (!entry || text === undefined) return [];
    const length = codePointLength(text);
    if (length <= COMPATIBILITY_LIMIT) return [];
    return [
      {
        line: entry.line,
        message: `\`compatibility\` is ${length} characters; the Agent Skills spec and \`skills-ref\` allow at most ${COMPATIBILITY_LIMIT}.`,
      },
    ];
  },
});

export const compatibilityInvalid = defineRule({
  id: 'compatibility-invalid',
  summary: '`compatibility` is not a non-empty string.',
  portable: 'error',
  fix: 'Write `compatibility` as one non-empty string, for example `compatibility: "Requires git and Node 20"`.',
  check(skill, runtime, facts) {
    const entry = frontMatterFor(skill, runtime, facts)?.get('compatibility');
    if (!entry) return [];
    const text = stringValue(entry.value);
    if (text === undefined) {
      return [
        {
          line: entry.line,
          message: `\`compatibility\` is a ${nodeTypeName(entry.value)}; \`skills-ref\` requires a string.`,
        },
      ];
    }
    if (text.trim() !== '') return [];
    return [
      {
        line: entry.line,
        severity: 'warning',
        message:
          '`compatibility` is empty; the spec requires 1–500 characters (skills-ref does not check the minimum).',
      },
    ];
  },
});

export const metadataNotMapping = defineRule({
  id: 'metadata-not-mapping',
  summary: '`metadata` is not a mapping.',
  portable: 'error',
  fix: 'Write `metadata` as a mapping of string keys to quoted string values.',
  check(skill, runtime, facts) {
    const entry = frontMatterFor(skill, runtime, facts)?.get('metadata');
    if (!entry || entry.value.kind === 'mapping') return [];
    return [
      {
        line: entry.line,
        message: `\`metadata\` is a ${nodeTypeName(entry.value)}, not a map of string to string. Codex (0.169.0) skips the skill; Claude Code (2.1.328) drops the value.`,
      },
    ];
  },
});

function nonStringReason(node: FrontMatterNode): string | undefined {
  if (node.kind !== 'scalar') return `a ${nodeTypeName(node)}`;
  if (typeof node.value !== 'string') return `a ${nodeTypeName(node)} (${node.source})`;
  if (node.style === 'plain' && readsAsNonStringInYaml11(node.source)) {
    return `${preview(node.source)}, which YAML 1.1 parsers read as a boolean, number or date`;
  }
  return undefined;
}

export const metadataValueNotString = defineRule({
  id: 'metadata-value-not-string',
  summary: 'A `metadata` value is not a string.',
  portable: 'warning',
  fix: 'Quote every metadata value, for example `version: "1.0"`.',
  check(skill, runtime, facts) {
    const entry = frontMatterFor(skill, runtime, facts)?.get('metadata');
    if (entry?.value.kind !== 'mapping') return [];
    const violations: RuleViolation[] = [];
    for (const item of entry.value.entries) {
      const reason = nonStringReason(item.value);
      if (!reason) continue;
      violations.push({
        line: item.line,
        message: `\`metadata.${item.key}\` is ${reason}; the spec wants strings, and \`skills-ref\` turns an unquoted \`1.0\` into "1".`,
      });
    }
    return violations;
  },
});

export const allowedToolsNotString = defineRule({
  id: 'allowed-tools-not-string',
  summary: '`allowed-tools` is not a space-separated string.',
  portable: 'warning',
  fix: 'Write `allowed-tools` as one space-separated string, for example `allowed-tools: "Bash(git:*) Read"`.',
  check(skill, runtime, facts) {
    const entry = frontMatterFor(skill, runtime, facts)?.get('allowed-tools');
    if (!entry || stringValue(entry.value) !== undefined) return [];
    return [
      {
        line: entry.line,
        message: `\`allowed-tools\` is a ${nodeTypeName(entry.value)}; the Agent Skills spec defines a space-separated string (Claude Code also accepts a YAML list).`,
      },
    ];
  },
});

export const unknownKey = defineRule({
  id: 'unknown-key',
  summary: 'A front matter key the runtime does not recognise.',
  portable: 'error',
  fix: "Remove the key, move the value under `metadata`, or put runtime-only keys in that runtime's copy of the skill.",
  check(skill, runtime, facts) {
    const view = frontMatterFor(skill, runtime, facts);
    if (!view) return [];
    const recognised = new Set<string>(facts.recognised[runtime]);
    if (skill.kind === 'source') for (const key of SOURCE_ONLY_KEYS) recognised.add(key);
    return view.entries
      .filter((entry) => !recognised.has(entry.key))
      .map((entry) => ({
        line: entry.line,
        message: `Key ${preview(entry.key, 40)} is not recognised: the runtimes ignore it, while \`skills-ref validate\`, claude.ai uploads and Codex's validator reject unknown keys.`,
      }));
  },
});
