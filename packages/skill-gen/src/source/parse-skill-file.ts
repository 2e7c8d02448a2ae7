import { type ConfigError, fail, formatPath, ok, type Result } from '@skillpack/core';
import YAML from 'yaml';
import { authorError } from '../errors/author-error.js';
import { yamlErrorSummary } from '../errors/yaml-message.js';
import { capitalize, toAuthorIssue } from '../errors/zod-issues.js';
import { findUnsafeKey } from '../json/unsafe-keys.js';
import { type SkillFrontMatter, SkillFrontMatterSchema } from './front-matter-schema.js';
import { isWellFormedText } from './well-formed.js';

/** A skill source file larger than this is refused before parsing. */
export const MAX_SKILL_FILE_CHARS = 1024 * 1024;
/**
 * The empty-block test strips comment lines with `/^\s*#[^\n]+/gm` (as gray-matter 4 did), which is quadratic on
 * long runs of blank lines (64 000 blank lines take seconds). Front matter is metadata: bounding it keeps
 * parsing linear in practice.
 */
export const MAX_FRONT_MATTER_LINES = 1000;
export const MAX_FRONT_MATTER_CHARS = 64 * 1024;

/** A parsed skill source file: its front matter, its body, and line numbers for errors. */
export interface ParsedSkillFile {
  readonly frontMatter: SkillFrontMatter;
  /** The handlebars body, LF line ends. */
  readonly body: string;
  /** 1-based line of the file where the body starts. */
  readonly bodyLine: number;
  /** 1-based line of a front matter key or value, for errors found later (unknown contract ids). */
  lineOf(path: readonly PropertyKey[]): number | undefined;
}

function countLines(text: string, end: number): number {
  let lines = 1;
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) lines++;
  return lines;
}

interface YamlParse {
  doc?: YAML.Document.Parsed;
  counter: YAML.LineCounter;
  error?: { message: string; line?: number; column?: number };
}

/** The YAML engine: the `yaml` package, core schema (dates stay strings). */
function yamlEngine(state: YamlParse) {
  return (source: string): object => {
    const doc = YAML.parseDocument(source, {
      lineCounter: state.counter,
      uniqueKeys: true,
      strict: true,
      prettyErrors: true,
      schema: 'core',
    });
    state.doc = doc;
    const first = doc.errors[0];
    if (first) {
      const at = first.linePos?.[0];
      state.error = { message: first.message, ...(at ? { line: at.line, column: at.col } : {}) };
      return {};
    }
    // A scalar or list is passed through for zod to reject.
    return doc.toJS({ maxAliasCount: 100 }) as object;
  };
}

function lineLookup(state: YamlParse) {
  return (path: readonly PropertyKey[]): number | undefined => {
    const doc = state.doc;
    if (!doc) return undefined;
    for (let length = path.length; length >= 0; length--) {
      const node = doc.getIn(path.slice(0, length) as unknown[], true) as YAML.Node | undefined;
      const offset = node?.range?.[0];
      if (offset !== undefined) return state.counter.linePos(offset).line;
    }
    return undefined;
  };
}

type Opener =
  | { readonly ok: true; readonly close: number }
  | {
      readonly ok: false;
      readonly code: string;
      readonly message: string;
      readonly fix: string;
      readonly line?: number;
    };

/** Check the `---` opener and find the closing delimiter before any YAML is parsed. */
function checkDelimiters(text: string): Opener {
  const firstEnd = text.indexOf('\n');
  const firstLine = firstEnd === -1 ? text : text.slice(0, firstEnd);
  if (!firstLine.startsWith('---')) {
    return {
      ok: false,
      code: 'front_matter_missing',
      line: 1,
      message: 'The file does not start with YAML front matter (a "---" line).',
      fix: 'Start the file with "---", the name and description keys, and a closing "---".',
    };
  }
  const language = firstLine.slice(3).trim().toLowerCase();
  if (language === 'js' || language === 'javascript') {
    return {
      ok: false,
      code: 'front_matter_javascript',
      line: 1,
      message: `JavaScript front matter ("${firstLine.trim()}") is refused; it is never evaluated.`,
      fix: 'Write the front matter as YAML: open it with a plain "---" line.',
    };
  }
  if (language !== '' && language !== 'yaml' && language !== 'yml') {
    return {
      ok: false,
      code: 'front_matter_language',
      line: 1,
      message: `The first line must be "---" (YAML front matter), found ${JSON.stringify(firstLine.slice(0, 40))}.`,
      fix: 'Open the front matter with a plain "---" line; only YAML is read.',
    };
  }
  const close = firstEnd === -1 ? -1 : text.indexOf('\n---', firstEnd);
  if (close === -1) {
    return {
      ok: false,
      code: 'front_matter_unclosed',
      line: 1,
      message: 'The front matter is never closed.',
      fix: 'End the front matter with a "---" line before the body.',
    };
  }
  const lines = countLines(text, close);
  if (close > MAX_FRONT_MATTER_CHARS || lines > MAX_FRONT_MATTER_LINES) {
    return {
      ok: false,
      code: 'front_matter_too_large',
      line: 1,
      message: `The front matter spans ${lines} lines and ${close} characters; at most ${MAX_FRONT_MATTER_LINES} lines and ${MAX_FRONT_MATTER_CHARS} characters are read.`,
      fix: 'Keep the front matter to metadata; put instructions in the body and data under references/.',
    };
  }
  return { ok: true, close };
}

/**
 * The front matter block (from the end of the `---` line to the closing `\n---`, so its lines are the file's)
 * and the body (after the closing line's `---`, one line end dropped): the split gray-matter 4 made, which
 * skill-gen no longer installs (issue #41).
 */
function splitFrontMatter(text: string, close: number): { block: string; body: string } {
  let body = text.slice(close + '\n---'.length);
  if (body.startsWith('\r')) body = body.slice(1);
  if (body.startsWith('\n')) body = body.slice(1);
  return { block: text.slice(text.indexOf('\n'), close), body };
}

/**
 * Parse a skill source (`skill.md`): YAML front matter (never JavaScript), validated with zod. Never throws;
 * every mistake names `file` and a line.
 */
export function safeParseSkillFile(input: unknown, file: string): Result<ParsedSkillFile, ConfigError> {
  const error = (code: string, message: string, fix: string, line?: number, column?: number) =>
    fail(
      authorError(code, {
        file,
        message,
        fix,
        ...(line === undefined ? {} : { line, ...(column === undefined ? {} : { column }) }),
      }),
    );
  if (typeof input !== 'string') {
    return error(
      'source_invalid',
      `Expected the text of a skill source, received ${typeof input}.`,
      'Pass the file text.',
    );
  }
  if (input.length > MAX_SKILL_FILE_CHARS) {
    return error(
      'source_too_large',
      `The skill source has ${input.length} characters; at most ${MAX_SKILL_FILE_CHARS} are read.`,
      'Move long material into references/ files, which are copied as they are.',
    );
  }
  if (!isWellFormedText(input)) {
    return error(
      'source_encoding',
      'The skill source contains invalid UTF-8 or a lone UTF-16 surrogate.',
      'Save the file as UTF-8.',
    );
  }
  // BOM and CRLF are accepted and normalised; line numbers stay those of the file.
  const text = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).replaceAll('\r\n', '\n');
  const opener = checkDelimiters(text);
  if (!opener.ok) return error(opener.code, opener.message, opener.fix, opener.line);

  const state: YamlParse = { counter: new YAML.LineCounter() };
  const { block, body } = splitFrontMatter(text, opener.close);
  let parsed: { data: unknown; content: string };
  try {
    // A block of comments and blank lines alone is empty front matter, and so is a null document.
    const empty = block.replace(/^\s*#[^\n]+/gm, '').trim() === '';
    parsed = { data: (empty ? {} : yamlEngine(state)(block)) ?? {}, content: body };
  } catch (cause) {
    return error(
      'front_matter_yaml',
      `The front matter cannot be read (${cause instanceof Error ? cause.message : String(cause)}).`,
      'Write the front matter as plain YAML.',
    );
  }
  if (state.error) {
    return error(
      'front_matter_yaml',
      `The front matter is not valid YAML: ${yamlErrorSummary(state.error.message)}.`,
      'Correct the YAML; quote values that contain ": " or start with a special character.',
      state.error.line,
      state.error.column,
    );
  }
  const lineOf = lineLookup(state);
  const unsafe = findUnsafeKey(parsed.data);
  if (unsafe) {
    return error(
      'front_matter_invalid',
      `The front matter key "${formatPath(unsafe)}" is not allowed.`,
      `Remove "${String(unsafe.at(-1))}": keys named __proto__, constructor or prototype are refused.`,
      lineOf(unsafe),
    );
  }
  const validated = SkillFrontMatterSchema.safeParse(parsed.data, { reportInput: true });
  if (!validated.success) {
    const issues = validated.error.issues.map((issue) =>
      toAuthorIssue(issue, SkillFrontMatterSchema, 'the front matter', 'front matter key'),
    );
    const first = issues[0]!;
    const more =
      issues.length > 1
        ? ` (${issues.length - 1} more: ${issues
            .slice(1, 4)
            .map((i) => i.where)
            .join(', ')})`
        : '';
    const metadataValue = first.path[0] === 'metadata' || first.path[1] === 'metadata';
    return fail(
      authorError('front_matter_invalid', {
        file,
        ...(lineOf(first.path) === undefined ? {} : { line: lineOf(first.path)! }),
        message: `${capitalize(first.message)}${more}`,
        fix: metadataValue ? `${first.fix} Metadata values are strings: write version: "1.0".` : first.fix,
        details: { issues: issues.map(({ where, message }) => ({ where, message })) },
      }),
    );
  }
  // The body is a suffix of the text, so its offset gives the body's first line.
  const bodyOffset = text.length - parsed.content.length;
  return ok({
    frontMatter: validated.data,
    body: parsed.content,
    bodyLine: countLines(text, bodyOffset),
    lineOf,
  });
}
