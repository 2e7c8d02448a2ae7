/**
 * A path glob as a RegExp: `**` any number of folders, `*` and `?` within one name, `{a,b}` alternatives.
 * Enough for a config file pattern, and no dependency (Node's `path.matchesGlob` is experimental on 20).
 */
export function globToRegExp(glob: string): RegExp {
  let pattern = '';
  let depth = 0;
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === '*' && glob[index + 1] === '*') {
      const slash = glob[index + 2] === '/';
      pattern += slash ? '(?:[^/]*(?:/|$))*' : '.*';
      index += slash ? 2 : 1;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '?') pattern += '[^/]';
    else if (char === '{') {
      depth++;
      pattern += '(?:';
    } else if (char === '}' && depth > 0) {
      depth--;
      pattern += ')';
    } else if (char === ',' && depth > 0) pattern += '|';
    else pattern += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  if (depth > 0) throw new TypeError(`@skillpack/nx: the glob "${glob}" has an unclosed "{".`);
  return new RegExp(`^${pattern}$`);
}
