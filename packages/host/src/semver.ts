/** `x.y.z` as three numbers; `undefined` when it is not one. */
function parts(version: string): [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** Compare two `x.y.z` versions: negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const left = parts(a) ?? [0, 0, 0];
  const right = parts(b) ?? [0, 0, 0];
  for (let index = 0; index < 3; index++) {
    const difference = (left[index] as number) - (right[index] as number);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Whether `version` is at least `min` and below `below`. */
export function inRange(version: string, range: { readonly min: string; readonly below: string }): boolean {
  return compareVersions(version, range.min) >= 0 && compareVersions(version, range.below) < 0;
}
