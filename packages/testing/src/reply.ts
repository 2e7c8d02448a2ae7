/** One piece of a scripted assistant message. */
export type ReplyPart =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool_call';
      /** The tool's name as the CLI declared it (`Bash`, `exec_command`, `bash`, `Skill`, `skill`, …). */
      readonly name: string;
      readonly input: Readonly<Record<string, unknown>>;
      /** Call id; derived from the request and the part's position when absent, so replies stay stateless. */
      readonly id?: string;
    }
  | {
      /** A shell command, sent as the tool each protocol's CLI uses: `Bash`, `exec_command`, `bash` or `run_shell_command`. */
      readonly type: 'shell';
      readonly command: string;
      readonly id?: string;
    };

/**
 * How a scripted message ends: `end` (a normal stop, or a tool-call stop when it has calls), `length` (the
 * output-token limit) or `refusal` (the model declined: Anthropic `stop_reason: "refusal"`, OpenAI
 * `content_filter`).
 */
export type ReplyStop = 'end' | 'length' | 'refusal';

/** A scripted model reply: an assistant message streamed as SSE, or an HTTP error. */
export type Reply =
  | {
      readonly kind: 'message';
      readonly parts: readonly ReplyPart[];
      readonly stop: ReplyStop;
    }
  | {
      readonly kind: 'http_error';
      readonly status: number;
      /** The error message inside the protocol's error body. */
      readonly message: string;
      readonly headers?: Readonly<Record<string, string>>;
    };

function message(parts: readonly ReplyPart[], stop: ReplyStop = 'end'): Reply {
  return { kind: 'message', parts, stop };
}

const DEFAULT_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad request (scripted)',
  401: 'Invalid API key (scripted)',
  403: 'Permission denied (scripted)',
  429: 'Rate limited (scripted)',
  500: 'Internal server error (scripted)',
  503: 'Service unavailable (scripted)',
  529: 'Overloaded (scripted)',
};

/** Builders for scripted replies. */
export const reply = {
  /** An assistant message of plain text. */
  text(text: string): Reply {
    return message([{ type: 'text', text }]);
  },
  /** A call of a tool by its declared name, with optional text before it. */
  toolCall(
    name: string,
    input: Readonly<Record<string, unknown>>,
    options: { readonly text?: string; readonly id?: string } = {},
  ): Reply {
    const call: ReplyPart = { type: 'tool_call', name, input, ...(options.id ? { id: options.id } : {}) };
    return message(options.text ? [{ type: 'text', text: options.text }, call] : [call]);
  },
  /**
   * A call of the `StructuredOutput` tool with `value`: the answer of a run started with `--json-schema` (the
   * Claude Agent SDK's `outputFormat`); the CLI validates it against the schema.
   */
  structuredOutput(value: Readonly<Record<string, unknown>>, options: { readonly id?: string } = {}): Reply {
    return reply.toolCall('StructuredOutput', value, options);
  },
  /** A shell command in whichever shell tool the calling CLI declares (`Bash`, `exec_command`, `bash`). */
  shell(command: string, options: { readonly text?: string; readonly id?: string } = {}): Reply {
    const call: ReplyPart = { type: 'shell', command, ...(options.id ? { id: options.id } : {}) };
    return message(options.text ? [{ type: 'text', text: options.text }, call] : [call]);
  },
  /** Any sequence of text and tool calls in one assistant message. */
  message(parts: readonly ReplyPart[]): Reply {
    return message(parts);
  },
  /** Text cut short by the output-token limit (`max_tokens`, `length`, `max_output_tokens`). */
  truncated(text: string): Reply {
    return message([{ type: 'text', text }], 'length');
  },
  /** Text the model stopped as a refusal (`stop_reason: "refusal"`, `content_filter`). */
  refused(text: string): Reply {
    return message([{ type: 'text', text }], 'refusal');
  },
  /** An HTTP error in the protocol's own error body (401, 429, 500, 529, …). */
  httpError(
    status: number,
    options: { readonly message?: string; readonly headers?: Readonly<Record<string, string>> } = {},
  ): Reply {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`reply.httpError expects an HTTP error status 400-599; received ${status}.`);
    }
    return {
      kind: 'http_error',
      status,
      message: options.message ?? DEFAULT_ERROR_MESSAGES[status] ?? `HTTP ${status} (scripted)`,
      ...(options.headers ? { headers: options.headers } : {}),
    };
  },
} as const;
