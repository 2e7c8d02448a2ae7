/** The acme-refund contract's spec as TypeScript source, evaluated with `z` in scope (see `_acme-refund.mjs`). */
export declare const SPEC: string;
/** The pack's name, and its MCP server's key. */
export declare const PACK: string;
/** A submit call's arguments the contract refuses (a negative amount), and ones it accepts. */
export declare const WRONG: { readonly answer: { readonly refund: true; readonly amount: number } };
export declare const RIGHT: { readonly answer: { readonly refund: true; readonly amount: number } };
