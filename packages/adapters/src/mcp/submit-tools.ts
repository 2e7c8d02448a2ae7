import { type AnyContract, ProtocolError, submitTool, type ToolSchemaDialect } from '@skillpack/core';

/** One submit tool as MCP `tools/list` describes it. */
export interface SubmitTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: { readonly type: 'object'; readonly [key: string]: unknown };
}

/** What a submit tool call answers, as an MCP `CallToolResult`: a text, an error when the value was wrong. */
export interface SubmitAnswer {
  readonly content: readonly [{ readonly type: 'text'; readonly text: string }];
  readonly isError?: true;
}

/** The submit tool of each tool-delivered contract, its input schema in `dialect`. */
export function submitTools(contracts: readonly AnyContract[], dialect: ToolSchemaDialect): SubmitTool[] {
  return contracts.flatMap((contract) => {
    const tool = submitTool(contract, dialect);
    if (tool === undefined) return [];
    return [
      {
        name: tool.name,
        title: `Submit: ${contract.title}`,
        description: `Deliver your ${contract.title} answer (${contract.id}): ${contract.description} Call it once with the final answer; a wrong value comes back as an error saying what to fix.`,
        inputSchema: tool.inputSchema as SubmitTool['inputSchema'],
      },
    ];
  });
}

function text(value: string, isError: boolean): SubmitAnswer {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError: true as const } : {}) };
}

/**
 * The answer to a call of `name` with `args`: the contract's correction as a tool error when the value does not
 * satisfy it (the text the Stop hook would give), a short acceptance when it does.
 */
export function answerSubmit(contracts: readonly AnyContract[], name: unknown, args: unknown): SubmitAnswer {
  const contract = contracts.find((known) => known.toolName !== undefined && known.toolName === name);
  if (contract === undefined) {
    const known = contracts.flatMap((each) => (each.toolName === undefined ? [] : [each.toolName]));
    return text(`Unknown tool ${JSON.stringify(name)}; this server has ${known.join(', ')}.`, true);
  }
  // Read as every read path reads a run's submit call: through the contract's own tool-call channel.
  const call = { name: String(name), input: args, status: 'completed' };
  const result = contract.readToolCalls?.([call]) ?? {
    success: false as const,
    error: new ProtocolError('missing_payload', `${contract.id} reads no ${String(name)} call.`),
  };
  if (!result.success) return text(contract.correct(result.error), true);
  return text(
    `Accepted: your ${contract.title} answer is recorded. Finish your turn now; do not submit it again.`,
    false,
  );
}
