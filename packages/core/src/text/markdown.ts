function stripLeadingRun(text: string, char: string): string {
  let i = 0;
  while (text[i] === char) i++;
  return text.slice(i);
}

/**
 * Remove the Markdown decoration agents put around a marker line: `**` pairs, then every `*` and `_`,
 * then a leading run of `#`, then of `>`, then of `-`, trimming between steps.
 */
export function stripMarkdownDecorations(line: string): string {
  let text = line.replaceAll('**', '').replaceAll('*', '').replaceAll('_', '').trim();
  text = stripLeadingRun(text, '#').trim();
  text = stripLeadingRun(text, '>').trim();
  text = stripLeadingRun(text, '-').trim();
  return text;
}
