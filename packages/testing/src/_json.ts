/** Narrowing helpers for request bodies a CLI sent: never throw, give empty values for the unexpected. */
export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Text of a string, or of the `text` fields of an array of content blocks (nested `content` included). */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  for (const block of arrayOf(content)) {
    if (typeof block === 'string') texts.push(block);
    else if (isObject(block)) {
      if (typeof block.text === 'string') texts.push(block.text);
      else if (block.content !== undefined) texts.push(textOf(block.content));
      else if (typeof block.output === 'string') texts.push(block.output);
    }
  }
  return texts.filter((text) => text !== '').join('\n');
}

/** Number of runs of consecutive `true` values: turns taken, when `true` marks a model-produced entry. */
export function countRuns(flags: readonly boolean[]): number {
  let runs = 0;
  let previous = false;
  for (const flag of flags) {
    if (flag && !previous) runs += 1;
    previous = flag;
  }
  return runs;
}

/** A deterministic token estimate (about four characters per token), for usage fields. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
