import type { ContractRegistry } from '@skillpack/core';
import { toStableJson } from '../json/stable-json.js';

/** The texts of a contract's reference files, computed once per build however many skills speak it. */
export interface ContractFiles {
  schema(id: string): string;
  strictSchema(id: string): string;
  /** Whether the contract can be a JSON final message, so its strict schema is worth shipping. */
  hasJsonFinalMessage(id: string): boolean;
}

export function createContractFiles(registry: ContractRegistry): ContractFiles {
  const cache = new Map<string, string>();
  const memo = (key: string, make: () => string): string => {
    let text = cache.get(key);
    if (text === undefined) {
      text = make();
      cache.set(key, text);
    }
    return text;
  };
  return {
    schema: (id) =>
      memo(`${id}\0schema`, () => toStableJson(registry.require(id).toJSONSchema({ io: 'output' }))),
    strictSchema: (id) =>
      memo(`${id}\0strict`, () => toStableJson(registry.require(id).toJSONSchema({ variant: 'openai' }))),
    hasJsonFinalMessage: (id) => registry.require(id).jsonFinalMessage,
  };
}
