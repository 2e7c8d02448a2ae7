/**
 * The final message against narration, the rule the runtimes share: the main agent's latest text is the
 * candidate answer until something other than the model's next text ends it — a tool call (text beside or
 * before a call is narration: the agent goes on) or a new prompt (a Stop hook's push-back is one), or what a
 * runtime adds (a blocked answer, a retried request). Nothing after the last boundary: no final message.
 */
export class AnswerCandidate<T, Boundary extends string = 'tool' | 'prompt'> {
  private candidate: T | undefined;
  private boundary: Boundary | 'none' = 'none';

  /** The answer so far, if the model wrote one since the last boundary. */
  get value(): T | undefined {
    return this.candidate;
  }

  /** What ended the last answer, when it was not the model's next text. */
  get lastBoundary(): Boundary | 'none' {
    return this.boundary;
  }

  /** The model wrote (more of) its answer. */
  offer(value: T): void {
    this.candidate = value;
    this.boundary = 'none';
  }

  /** Something other than the model's text came: the text so far was not the final message. */
  endAt(boundary: Boundary): void {
    this.candidate = undefined;
    this.boundary = boundary;
  }
}
