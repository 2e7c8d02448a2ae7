/** A template mistake found while checking or rendering, located in the template that holds it. */
export class TemplateFault extends Error {
  override name = 'TemplateFault';
  readonly code: string;
  readonly fix: string;
  /** 1-based line inside the template text (not yet shifted to the file). */
  readonly line: number | undefined;
  /** The partial the fault is in, when it is not in the template being rendered. */
  partial: string | undefined;

  constructor(code: string, message: string, fix: string, line?: number) {
    super(message);
    this.code = code;
    this.fix = fix;
    this.line = line;
  }
}

interface Located {
  readonly loc?: { readonly start: { readonly line: number } } | null;
}

export function lineOf(node: Located | undefined): number | undefined {
  return node?.loc?.start.line;
}
