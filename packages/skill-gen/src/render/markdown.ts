/** Text safe inside a Markdown table cell: pipes escaped, line breaks folded into spaces. */
export function tableCell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replaceAll('|', '\\|');
}

/** A code fence longer than any backtick run in `text` (at least three backticks). */
export function fenceFor(text: string): string {
  let longest = 0;
  let run = 0;
  for (const char of text) {
    run = char === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return '`'.repeat(Math.max(3, longest + 1));
}
