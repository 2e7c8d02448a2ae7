/** Edit distance with adjacent transpositions (optimal string alignment): `biuld` is one edit from `build`. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known name a mistyped one most likely meant, or `undefined` when none is close: within a third of
 * its length in edits (at least one), or the only name it is a prefix of.
 */
export function didYouMean(input: string, known: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  let best: { name: string; edits: number } | undefined;
  for (const name of known) {
    const edits = distance(wanted, name.toLowerCase());
    const close = edits <= Math.max(1, Math.floor(name.length / 3)) && edits < name.length;
    if (close && (!best || edits < best.edits)) best = { name, edits };
  }
  if (best) return best.name;
  const extending = wanted.length >= 2 ? known.filter((name) => name.startsWith(wanted)) : [];
  return extending.length === 1 ? extending[0] : undefined;
}

/** ` Did you mean "build"?`, or nothing. */
export function suggestion(input: string, known: readonly string[], quote = (name: string) => `"${name}"`) {
  const match = didYouMean(input, known);
  return match === undefined ? '' : ` Did you mean ${quote(match)}?`;
}
