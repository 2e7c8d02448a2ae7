import type { ContractRegistry } from '@skillpack/core';
import { type AnswerContracts, decideAnswer, loadedAnswerContracts } from '../hooks/answer-contracts.js';
import { enforceOf } from '../hooks/enforce-override.js';
import { type ContractLoader, loadContracts } from '../hooks/load-contracts.js';
import type { EnforceMode, StopDecision } from '../hooks/stop-decision.js';
import { capHookString } from '../hooks/stop-hook-output.js';
import { contextToolCalls } from './_context-calls.js';
import type {
  PiBeforeSettleEvent,
  PiBeforeSettleResult,
  PiContextMessageLike,
  PiCustomMessageEntry,
  PiExtensionContextLike,
  PiExtensionFactory,
} from './extension-types.js';
import { PI_MCP_TOOL_NAME } from './mcp-tool-name.js';

/** Options of `createPiExtension`: the contract ids to enforce, the push-back budget, and the registry. */
export interface PiExtensionOptions {
  /** Contract ids; a run's final answer must satisfy one of them. */
  readonly contracts: readonly string[];
  /** Push-backs per chain of unsatisfied answers before the extension lets the answer through (default 2). */
  readonly maxBlocks?: number;
  /**
   * `attempted` (default): only an answer that attempts a contract is checked, so sessions that never use
   * the pack's skills are left alone. `always`: every answer must satisfy a contract.
   */
  readonly enforce?: EnforceMode;
  /** Contracts the ids are looked up in before the built-ins (a generated pack's own contracts). */
  readonly registry?: ContractRegistry;
  /** Where notices go (a block, a spent budget); default stderr, since Pi headless shows no UI. */
  readonly notify?: (message: string) => void;
}

/** Push-backs per chain of unsatisfied answers when `maxBlocks` is not given. */
export const DEFAULT_PI_MAX_BLOCKS = 2;

/** The `customType` of the session entry that carries a push-back. */
export const PI_PUSHBACK_TYPE = 'skillpack-pushback';

/** The final answer of a settling run: the text parts of the last assistant message, and its stop reason. */
export function settlingAnswer(
  messages: readonly PiContextMessageLike[],
): { readonly text: string; readonly stopReason: string | undefined } | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role !== 'assistant') continue;
    const content = message.content;
    let text = '';
    if (typeof content === 'string') text = content;
    else if (Array.isArray(content)) {
      for (const part of content as unknown[]) {
        const record = part as { type?: unknown; text?: unknown } | null;
        if (record?.type === 'text' && typeof record.text === 'string') text += record.text;
      }
    }
    return { text, stopReason: message.stopReason };
  }
  return undefined;
}

/**
 * A Pi extension that enforces contracts (Pi 1.6.0). Pi has no Stop hook and no cap on continuations: at
 * `agent_before_settle`, the last boundary where a run can go on, the extension checks the final answer of a
 * run that completed with `stopReason: "stop"` and, when no configured contract is satisfied, appends the
 * contract's correction as a custom message and asks Pi to continue. The budget is its own: at most
 * `maxBlocks` push-backs per chain, per session; a prompt that is not its own starts a new chain. A contract
 * that reads tool calls reads those the context made for the last prompt a person wrote. An
 * unknown contract id is a ConfigError thrown when Pi loads the extension (Pi then exits 1).
 */
export function createPiExtension(options: PiExtensionOptions): PiExtensionFactory {
  return createPiExtensionWith(options, (ids) => loadContracts(ids, options.registry));
}

/** `createPiExtension` with the contracts looked up by `load` alone (a generated pack's own loader). */
export function createPiExtensionWith(options: PiExtensionOptions, load: ContractLoader): PiExtensionFactory {
  return piExtensionOn(options, async () => {
    const loaded = await load(options.contracts);
    if (!loaded.success) throw loaded.error;
    return loadedAnswerContracts(loaded.data);
  });
}

/**
 * The extension over `start`'s contracts (a generated pack's: proven satisfied by its validators, loaded on
 * the first answer they cannot prove). `options.contracts` and `options.registry` are unused.
 *
 * @internal
 */
export function piExtensionOn(
  options: PiExtensionOptions,
  start: () => Promise<AnswerContracts>,
): PiExtensionFactory {
  const maxBlocks = options.maxBlocks ?? DEFAULT_PI_MAX_BLOCKS;
  const configured = options.enforce ?? 'attempted';
  const override = enforceOf(configured, process.env);
  const enforce = override.success ? override.data : configured;
  const notify = options.notify ?? ((message: string) => process.stderr.write(`${message}\n`));
  return async (pi) => {
    if (!override.success) notify(`skillpack: ${override.error.message} Enforcing ${configured}.`);
    const contracts = await start();
    const chains = new Map<string, number>();
    const sessionOf = (ctx: PiExtensionContextLike) => ctx.sessionManager?.getSessionId() ?? '';

    pi.on('input', (event, ctx) => {
      if (event.source !== 'extension') chains.delete(sessionOf(ctx));
    });

    pi.on(
      'agent_before_settle',
      async (event: PiBeforeSettleEvent, ctx): Promise<PiBeforeSettleResult | undefined> => {
        if (event.outcome !== 'completed') return undefined;
        const answer = settlingAnswer(event.context.contextMessages);
        // A length cut, an API error or a refusal ends the run as it is: the reader reports it.
        if (answer?.stopReason !== 'stop') return undefined;
        const session = sessionOf(ctx);
        let decision: StopDecision;
        try {
          const messages = event.context.contextMessages;
          decision = await decideAnswer(
            contracts,
            answer.text,
            { blocksSoFar: chains.get(session) ?? 0, maxBlocks, enforce },
            { naming: PI_MCP_TOOL_NAME, calls: async () => contextToolCalls(messages) },
          );
        } catch (error) {
          // A contract module that fails to load where the pack runs lets the answer through, saying why.
          notify(`skillpack: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        }
        if (decision.kind === 'allow') {
          if (decision.because === 'satisfied') chains.delete(session);
          if (decision.because === 'budget_spent') notify(decision.systemMessage);
          return undefined;
        }
        chains.set(session, decision.blocks);
        notify(decision.systemMessage);
        const entry: PiCustomMessageEntry = {
          type: 'custom_message',
          customType: PI_PUSHBACK_TYPE,
          content: capHookString(decision.reason),
          display: true,
        };
        return { entries: [...event.entries, entry], continue: true };
      },
    );
  };
}
