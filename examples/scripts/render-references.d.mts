import type { ContractRegistry } from '@skillpack/core';

/** `skills/dev-flow/references/node-payloads.md`: every node payload shape, then whole requests and probes. */
export declare function renderNodePayloads(registry?: ContractRegistry): string;

/** Every generated reference file, by path relative to `examples/`, with the function that renders it. */
export declare const GENERATED_REFERENCES: Readonly<Record<string, () => string>>;
