import { z } from 'zod';

/** A JSON Schema document, as a plain object. */
export type JsonSchema = { [key: string]: unknown };

/** `input` describes what a producer may write; `output` what a parser hands back (the default). */
export type SchemaDirection = 'input' | 'output';

/**
 * Options of `toJsonSchema`: the input or output side of the schema, and the standard or OpenAI-strict
 * variant.
 */
export interface JsonSchemaOptions {
  readonly io?: SchemaDirection;
  /** `openai`: the strict subset Codex `--output-schema` and OpenAI structured outputs accept. */
  readonly variant?: 'standard' | 'openai';
}

/** The draft 2020-12 JSON Schema of a zod schema. */
export function toJsonSchema(schema: z.ZodType, options: JsonSchemaOptions = {}): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    io: options.io ?? 'output',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  return options.variant === 'openai' ? toOpenAiStrictSchema(generated) : generated;
}

const UNSUPPORTED_IN_STRICT = [
  'default',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
];

/**
 * Rewrite a JSON Schema into OpenAI's strict structured-output subset: every object closed with every
 * property required (optional ones become nullable), `oneOf` as `anyOf`, and keywords strict mode rejects
 * dropped. The original constraints still hold when the answer is parsed with the contract. A record
 * (`additionalProperties` with a schema and no `properties`) has no strict form and is left as it is.
 */
export function toOpenAiStrictSchema(schema: JsonSchema): JsonSchema {
  return rewrite(schema) as JsonSchema;
}

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (UNSUPPORTED_IN_STRICT.includes(key)) continue;
    if (key === 'oneOf') out.anyOf = rewrite(value);
    else if (key === 'properties' || key === '$defs' || key === 'definitions') {
      out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, rewrite(v)]));
    } else out[key] = rewrite(value);
  }
  const isRecord = typeof out.additionalProperties === 'object' && out.properties === undefined;
  if ((out.type === 'object' || out.properties) && !isRecord) {
    const properties = (out.properties ?? {}) as JsonSchema;
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    for (const [name, property] of Object.entries(properties)) {
      if (!required.has(name)) properties[name] = { anyOf: [property, { type: 'null' }] };
    }
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return out;
}
