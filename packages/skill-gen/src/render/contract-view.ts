import { type AnyContract, submitTool } from '@skillpack/core';
import { toStableJson } from '../json/stable-json.js';
import { fieldSections } from './field-table.js';
import type { RenderedRuntime } from './invocation.js';
import { fenceFor, tableCell } from './markdown.js';

/** Paths, inside a rendered skill, of the reference files generated for a contract. */
export function contractReferenceFiles(id: string) {
  return {
    schema: `references/${id}.schema.json`,
    strictSchema: `references/${id}.openai.schema.json`,
    types: `references/${id}.d.ts`,
  } as const;
}

/**
 * Whether a runtime's skills carry a contract's OpenAI-strict schema (its declaration's `strictSchema`), and
 * only for contracts that can be a JSON final message (never a `---RESULT---`-style text block).
 */
export function carriesStrictSchema(runtime: RenderedRuntime | undefined, contract: AnyContract): boolean {
  return runtime?.strictSchema === true && contract.jsonFinalMessage;
}

export interface FieldRowView {
  readonly field: string;
  readonly type: string;
  readonly required: 'yes' | 'no';
  readonly description: string;
}

export interface ExampleView {
  readonly name: string;
  readonly description: string | null;
  /** Exactly what the agent writes, as the contract's `render` produces it. */
  readonly text: string;
  readonly fence: string;
  readonly info: 'json' | 'text';
}

/** Everything a template may show about a contract; built from the `Contract` interface only. */
export interface ContractView {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  readonly description: string;
  readonly delivery: string;
  readonly isText: boolean;
  /** The submit tool a `tool`-delivered contract is delivered through; `null` for other deliveries. */
  readonly toolName: string | null;
  readonly schemaFile: string;
  readonly typesFile: string;
  readonly strictSchemaFile: string | null;
  readonly schemaJson: string;
  readonly hasVariants: boolean;
  readonly sections: readonly { readonly when: string | null; readonly rows: readonly FieldRowView[] }[];
  readonly examples: readonly ExampleView[];
  readonly rules: readonly string[];
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What a template sees of `contract` rendered for `runtime` (`undefined`: a target that is no runtime). */
export function createContractView(
  contract: AnyContract,
  runtime: RenderedRuntime | undefined,
): ContractView {
  const schema = contract.toJSONSchema({ io: 'output' });
  const sections = fieldSections(schema).map((section) => ({
    when: section.when,
    rows: section.rows.map((row) => ({
      field: tableCell(row.field),
      type: tableCell(row.type),
      required: row.required ? ('yes' as const) : ('no' as const),
      description: tableCell(row.description),
    })),
  }));
  const files = contractReferenceFiles(contract.id);
  const tool = submitTool(contract);
  return {
    id: contract.id,
    version: contract.version,
    title: contract.title,
    description: contract.description,
    delivery: contract.delivery,
    isText: contract.delivery === 'text',
    toolName: contract.toolName ?? null,
    schemaFile: files.schema,
    typesFile: files.types,
    strictSchemaFile: carriesStrictSchema(runtime, contract) ? files.strictSchema : null,
    schemaJson: toStableJson(schema).trimEnd(),
    hasVariants: sections.length > 1,
    sections,
    // The text shown is exactly what `render` produces, the same function the closed-loop test parses back;
    // for a tool-delivered contract, the submit tool's arguments.
    examples: contract.examples.map((example) => {
      const text =
        tool === undefined ? contract.render(example.value) : JSON.stringify(tool.argumentsOf(example.value));
      return {
        name: example.name,
        description: example.description ?? null,
        text,
        fence: fenceFor(text),
        info: isJson(text) ? ('json' as const) : ('text' as const),
      };
    }),
    rules: [...contract.rules],
  };
}
