import { defineRule } from '../finding.js';
import { codePointLength, frontMatterFor, isBlankValue, stringValue } from '../front-matter-view.js';

const DESCRIPTION_LIMIT = 1024;
/** The skill listing shows `description` and `when_to_use` together up to this many characters (Claude Code). */
const LISTING_LIMIT = 1536;

export const descriptionMissing = defineRule({
  id: 'description-missing',
  summary: 'The front matter has no `description`, or it is empty.',
  portable: 'error',
  fix: 'Add a `description` that says what the skill does and when to use it.',
  check(skill, runtime, facts) {
    const view = frontMatterFor(skill, runtime, facts);
    if (!view) return [];
    const entry = view.get('description');
    if (!isBlankValue(entry?.value)) return [];
    return [
      {
        line: entry?.line ?? 2,
        message: `The front matter has no \`description\`${entry ? ' (it is empty)' : ''}. Codex (0.169.0) skips the skill; OpenCode (1.18.33) loads it but, by its own documentation, never surfaces a skill without a description to the model; Claude Code falls back to the first paragraph of the body.`,
      },
    ];
  },
});

export const descriptionNotString = defineRule({
  id: 'description-not-string',
  summary: '`description` is not a string.',
  portable: 'error',
  fix: 'Write the description as a (quoted) string.',
  check(skill, runtime, facts) {
    const entry = frontMatterFor(skill, runtime, facts)?.get('description');
    const value = entry?.value;
    if (!entry || !value) return [];
    if (value.kind === 'scalar') {
      if (value.value === null || typeof value.value === 'string') return [];
      return [
        {
          line: entry.line,
          message: `\`description\` is a ${typeof value.value} (${value.source}), not a string. OpenCode (1.18.33) skips the skill; Codex and Claude Code read it as text.`,
        },
      ];
    }
    return [
      {
        line: entry.line,
        severity: 'error',
        message: `\`description\` is a ${value.kind}, not a string. Claude Code (2.1.328) drops the value and Codex and OpenCode do not read it.`,
      },
    ];
  },
});

export const descriptionTooLong = defineRule({
  id: 'description-too-long',
  summary: '`description` is longer than 1024 characters.',
  portable: 'error',
  fix: 'Shorten the description to at most 1024 characters; move detail into the body.',
  check(skill, runtime, facts) {
    const entry = frontMatterFor(skill, runtime, facts)?.get('description');
    const text = stringValue(entry?.value);
    if (!entry || text === undefined) return [];
    const length = codePointLength(text);
    if (length <= DESCRIPTION_LIMIT) return [];
    return [
      {
        line: entry.line,
        message: `\`description\` is ${length} characters; the limit is ${DESCRIPTION_LIMIT}. Codex (0.169.0) cuts it to ${DESCRIPTION_LIMIT} in the skill list (earlier Codex loaders skip the skill) and \`skills-ref\` rejects it; Claude Code and OpenCode load it.`,
      },
    ];
  },
});

export const descriptionListingTruncated = defineRule({
  id: 'description-listing-truncated',
  summary: "`description` plus `when_to_use` exceed Claude Code's 1536-character skill listing.",
  portable: 'off',
  fix: 'Keep `description` and `when_to_use` together under 1536 characters; put the rest in the body.',
  check(skill, runtime, facts) {
    const view = frontMatterFor(skill, runtime, facts);
    const entry = view?.get('description');
    const text = stringValue(entry?.value);
    if (!view || !entry || text === undefined) return [];
    const whenToUse = stringValue(view.get('when_to_use')?.value) ?? '';
    const length = codePointLength(text) + codePointLength(whenToUse);
    if (length <= LISTING_LIMIT) return [];
    return [
      {
        line: entry.line,
        message: `\`description\`${whenToUse ? ' plus `when_to_use`' : ''} is ${length} characters; Claude Code truncates the skill listing at ${LISTING_LIMIT}, so Claude never sees the end when choosing skills.`,
      },
    ];
  },
});

/** The first `<tag>` or `</tag>` on one line of the text, found in a single linear pass. */
export function findXmlTag(text: string): string | undefined {
  let candidate = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') candidate = -1;
    else if (char === '<') {
      const next = text[i + 1] === '/' ? i + 2 : i + 1;
      candidate = isAsciiLetter(text.charCodeAt(next)) ? i : -1;
    } else if (char === '>' && candidate !== -1) return text.slice(candidate, i + 1);
  }
  return undefined;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

export const descriptionXmlTag = defineRule({
  id: 'description-xml-tag',
  summary: '`description` contains an XML tag.',
  portable: 'error',
  fix: 'Remove angle-bracket tags from the description; describe the format in words.',
  check(skill, runtime, facts) {
    const entry = frontMatterFor(skill, runtime, facts)?.get('description');
    const text = stringValue(entry?.value);
    if (!entry || text === undefined) return [];
    const tag = findXmlTag(text);
    if (!tag) return [];
    return [
      {
        line: entry.line,
        message: `\`description\` contains the tag ${JSON.stringify(tag.slice(0, 40))}. Anthropic's hosted surfaces (claude.ai upload, Skills API) reject XML tags in descriptions and Codex's validator rejects \`<\` and \`>\`.`,
      },
    ];
  },
});
