/**
 * The first line of a `yaml` package error without its own ` at line N, column M:` tail, which points into the
 * front matter alone (not the file) and introduces a code frame that is not printed: the caller names the file
 * line instead.
 */
export function yamlErrorSummary(message: string): string {
  const first = message.split('\n', 1)[0] ?? '';
  return first.replace(/\s+at line \d+, column \d+:?\s*$/, '').replace(/[.:]\s*$/, '');
}
