/** Whether a printed type has a top-level `|`, `&` or `=>`, so it needs parentheses before `[]`. */
export function needsParentheses(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (char === '{' || char === '[' || char === '(') depth++;
    else if (char === '}' || char === ']' || char === ')') depth--;
    else if (depth === 0 && (char === '|' || char === '&' || (char === '=' && text[i + 1] === '>')))
      return true;
  }
  return false;
}

/** `T[]`, with parentheses when `T` is a union or intersection. */
export function arrayOf(element: string, readonly = false): string {
  return `${readonly ? 'readonly ' : ''}${needsParentheses(element) ? `(${element})` : element}[]`;
}
