import { type FrontMatterNode, parseFrontMatterYaml, type YamlIssue } from './front-matter.js';

/** `skill`: a runtime-ready `SKILL.md`; `source`: a skillpack skill source (`skills/<name>/skill.md`). */
export type SkillFileKind = 'skill' | 'source';

/** A file or directory inside the skill folder, relative to it with `/` separators. */
export interface FolderEntry {
  readonly path: string;
  readonly type: 'file' | 'directory';
}

/** What the filesystem edge hands to the pure linter. */
export interface SkillFileInput {
  /** The path printed in findings. */
  readonly file: string;
  readonly fileName: string;
  readonly folderName: string;
  readonly bytes: Uint8Array;
  readonly folderEntries?: readonly FolderEntry[];
  /** Default: `source` for a file named `skill.md`, else `skill`. */
  readonly kind?: SkillFileKind;
  /** The text of each contract schema the skill ships (`references/<id>.schema.json`), by contract id. */
  readonly contractSchemas?: Readonly<Record<string, string>>;
}

export type FrontMatterBlock =
  | { readonly kind: 'missing'; readonly firstLine: string }
  /** A `---<language>` opener such as `---js`; the block is never evaluated. */
  | { readonly kind: 'language'; readonly language: string }
  | { readonly kind: 'unclosed' }
  | {
      readonly kind: 'yaml';
      /** File line of the closing `---`. */
      readonly closerLine: number;
      /** The YAML lines (file lines 2 … closerLine - 1). */
      readonly lines: readonly string[];
      readonly root: FrontMatterNode | undefined;
      readonly issues: readonly YamlIssue[];
      /** False when YAML errors make `root` a guess; field rules then stay quiet. */
      readonly usable: boolean;
    };

export interface SkillDocument {
  readonly file: string;
  readonly fileName: string;
  readonly folderName: string;
  readonly kind: SkillFileKind;
  /** `undefined` when the caller did not list the folder (reference and file-name rules then stay quiet). */
  readonly folderEntries: readonly FolderEntry[] | undefined;
  /** The contract schemas the skill ships, by contract id; `undefined` when the caller did not read them. */
  readonly contractSchemas: Readonly<Record<string, string>> | undefined;
  /** 1-based line of the first byte that is not UTF-8, when there is one. */
  readonly invalidUtf8Line: number | undefined;
  readonly hasBom: boolean;
  readonly crlfLines: number;
  readonly firstCrlfLine: number | undefined;
  readonly frontMatter: FrontMatterBlock;
  readonly body: { readonly lines: readonly string[]; readonly startLine: number };
}

const BOM = '\uFEFF';

/** Decode and split a SKILL.md (or skill source) into front matter and body. Never throws. */
export function parseSkillDocument(input: SkillFileInput): SkillDocument {
  const { text, invalidUtf8Line } = decodeUtf8(input.bytes);
  const hasBom = text.startsWith(BOM);
  const rawLines = (hasBom ? text.slice(1) : text).split('\n');
  if (rawLines.length > 1 && rawLines[rawLines.length - 1] === '') rawLines.pop();
  let crlfLines = 0;
  let firstCrlfLine: number | undefined;
  const lines = rawLines.map((line, index) => {
    if (!line.endsWith('\r')) return line;
    crlfLines++;
    firstCrlfLine ??= index + 1;
    return line.slice(0, -1);
  });
  const { frontMatter, bodyStart } = splitFrontMatter(lines);
  return {
    file: input.file,
    fileName: input.fileName,
    folderName: input.folderName,
    kind: input.kind ?? (input.fileName === 'skill.md' ? 'source' : 'skill'),
    folderEntries: input.folderEntries,
    contractSchemas: input.contractSchemas,
    invalidUtf8Line,
    hasBom,
    crlfLines,
    firstCrlfLine,
    frontMatter,
    body: { lines: lines.slice(bodyStart), startLine: bodyStart + 1 },
  };
}

function decodeUtf8(bytes: Uint8Array): { text: string; invalidUtf8Line: number | undefined } {
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
      invalidUtf8Line: undefined,
    };
  } catch {
    const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
    const bad = text.indexOf('\uFFFD');
    let line = 1;
    for (let i = 0; i < bad; i++) if (text.charCodeAt(i) === 10) line++;
    return { text, invalidUtf8Line: line };
  }
}

function splitFrontMatter(lines: readonly string[]): { frontMatter: FrontMatterBlock; bodyStart: number } {
  const opener = lines[0] ?? '';
  if (!opener.startsWith('---')) return { frontMatter: { kind: 'missing', firstLine: opener }, bodyStart: 0 };
  const tag = opener.slice(3).trim();
  let closer = -1;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]!.trimEnd() === '---') {
      closer = i;
      break;
    }
  }
  if (tag !== '') {
    const language = tag.split(/\s/, 1)[0] ?? tag;
    return {
      frontMatter: { kind: 'language', language },
      bodyStart: closer === -1 ? lines.length : closer + 1,
    };
  }
  if (closer === -1) return { frontMatter: { kind: 'unclosed' }, bodyStart: lines.length };
  const yamlLines = lines.slice(1, closer);
  const parsed = parseFrontMatterYaml(yamlLines.join('\n'), 2);
  return {
    frontMatter: {
      kind: 'yaml',
      closerLine: closer + 1,
      lines: yamlLines,
      root: parsed.root,
      issues: parsed.issues,
      usable: parsed.usable,
    },
    bodyStart: closer + 1,
  };
}
