import { trimUnicodeWhitespace } from './whitespace.js';

function stripLeadingRun(text: string, char: string): string {
  let i = 0;
  while (text[i] === char) i++;
  return i === 0 ? text : text.slice(i);
}

/**
 * Remove the Markdown decoration agents put around a marker line, as the Conflux runtime does: every `*` and
 * `_`, then trim, then a leading run of `#`, then of `>`, then of `-`, then trim. Whitespace between the
 * runs is not trimmed, so `#> ACCEPTANCE: PASS` loses both runs and `> - ACCEPTANCE: PASS` keeps its `-`.
 */
export function stripMarkdownDecorations(line: string): string {
  const undecorated =
    line.includes('*') || line.includes('_') ? line.replaceAll('*', '').replaceAll('_', '') : line;
  let text = trimUnicodeWhitespace(undecorated);
  text = stripLeadingRun(text, '#');
  text = stripLeadingRun(text, '>');
  text = stripLeadingRun(text, '-');
  return trimUnicodeWhitespace(text);
}
