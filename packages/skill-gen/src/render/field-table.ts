/** A JSON Schema node as zod 4 emits it (draft 2020-12); only the keywords the table reads. */
type SchemaNode = Readonly<Record<string, unknown>>;

/** One row of a contract's field table. */
export interface FieldRow {
  /** Dotted path, `[]` marking list items: `findings[].severity`. */
  readonly field: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
}

/** The fields of one shape; a union of objects gives one section per variant. */
export interface FieldSection {
  /** How the variant is told apart (`acceptance` is `"pass"`), or null for a plain object. */
  readonly when: string | null;
  readonly rows: readonly FieldRow[];
}

const MAX_DEPTH = 8;

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follow a local `$ref` (`#/$defs/X`, `#/definitions/X`); anything else stays as it is. */
function resolveRef(root: SchemaNode, node: SchemaNode, seen: ReadonlySet<string>): SchemaNode {
  const ref = node.$ref;
  if (typeof ref !== 'string' || seen.has(ref)) return node;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const defs = match ? root[match[1]!] : undefined;
  const target = isNode(defs) && match ? defs[decodeURIComponent(match[2]!)] : undefined;
  return isNode(target) ? target : node;
}

function variantsOf(node: SchemaNode): readonly SchemaNode[] | undefined {
  const list = node.oneOf ?? node.anyOf;
  return Array.isArray(list) && list.every(isNode) ? (list as SchemaNode[]) : undefined;
}

function literal(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** A short type label for a schema node: `string`, `"pass" | "fail"`, `object[]`, `integer | null`. */
export function typeLabel(root: SchemaNode, input: SchemaNode, depth = 0): string {
  const node = resolveRef(root, input, new Set());
  if (depth > MAX_DEPTH) return 'any';
  if ('const' in node) return literal(node.const);
  if (Array.isArray(node.enum)) return node.enum.map(literal).join(' | ');
  const variants = variantsOf(node);
  if (variants)
    return [...new Set(variants.map((variant) => typeLabel(root, variant, depth + 1)))].join(' | ');
  const types = Array.isArray(node.type)
    ? (node.type as string[])
    : typeof node.type === 'string'
      ? [node.type]
      : [];
  if (types.length === 0) return 'any';
  return types
    .map((type) => {
      if (type === 'array') {
        const items = isNode(node.items) ? typeLabel(root, node.items, depth + 1) : 'any';
        return items.includes(' ') ? `(${items})[]` : `${items}[]`;
      }
      if (type === 'object' && !isNode(node.properties) && isNode(node.additionalProperties)) {
        return `map of ${typeLabel(root, node.additionalProperties, depth + 1)}`;
      }
      if (type === 'string' && typeof node.format === 'string') return `string (${node.format})`;
      return type;
    })
    .join(' | ');
}

/** One row per property, then the rows of its inside (nested objects, lists of objects), depth-first. */
function objectRows(
  root: SchemaNode,
  node: SchemaNode,
  prefix: string,
  depth: number,
  seen: Set<string>,
): FieldRow[] {
  const properties = isNode(node.properties) ? node.properties : {};
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const rows: FieldRow[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    if (!isNode(raw)) continue;
    const ref = typeof raw.$ref === 'string' ? raw.$ref : undefined;
    const property = resolveRef(root, raw, seen);
    const field = `${prefix}${name}`;
    const description =
      typeof raw.description === 'string'
        ? raw.description
        : typeof property.description === 'string'
          ? property.description
          : '';
    rows.push({ field, type: typeLabel(root, property), required: required.has(name), description });
    if (depth >= MAX_DEPTH || (ref !== undefined && seen.has(ref))) continue;
    const nextSeen = ref === undefined ? seen : new Set([...seen, ref]);
    rows.push(...nestedRows(root, property, field, depth + 1, nextSeen));
  }
  return rows;
}

/** The one object shape among a union's members (ignoring `null` and scalars), if there is exactly one. */
function singleObjectVariant(root: SchemaNode, node: SchemaNode, seen: Set<string>): SchemaNode | undefined {
  const variants = variantsOf(node);
  if (!variants) return isNode(node.properties) ? node : undefined;
  const objects = variants
    .map((variant) => resolveRef(root, variant, seen))
    .filter((variant) => isNode(variant.properties));
  return objects.length === 1 ? objects[0] : undefined;
}

/** Rows for the inside of a field: an object's properties, or those of list items that are objects. */
function nestedRows(
  root: SchemaNode,
  node: SchemaNode,
  field: string,
  depth: number,
  seen: Set<string>,
): FieldRow[] {
  const object = singleObjectVariant(root, node, seen);
  if (object) return objectRows(root, object, `${field}.`, depth, seen);
  if (isNode(node.items)) {
    const items = singleObjectVariant(root, resolveRef(root, node.items, seen), seen);
    if (items) return objectRows(root, items, `${field}[].`, depth, seen);
  }
  return [];
}

/** What tells the variants of a union apart: the properties with a constant value in every variant. */
function discriminantLabel(variant: SchemaNode, keys: readonly string[]): string | null {
  const properties = isNode(variant.properties) ? variant.properties : {};
  const parts = keys.flatMap((key) => {
    const property = properties[key];
    return isNode(property) && 'const' in property ? [`\`${key}\` is \`${literal(property.const)}\``] : [];
  });
  return parts.length > 0 ? parts.join(' and ') : null;
}

/** The field table of a JSON Schema: one section per object variant, nested fields flattened. */
export function fieldSections(schema: SchemaNode): FieldSection[] {
  const root = resolveRef(schema, schema, new Set());
  const variants = variantsOf(root)?.map((variant) => resolveRef(schema, variant, new Set()));
  if (variants && variants.length > 0 && variants.every((variant) => isNode(variant.properties))) {
    const constantKeys = Object.keys(variants[0]!.properties as SchemaNode).filter((key) =>
      variants.every((variant) => {
        const property = (variant.properties as SchemaNode)[key];
        return isNode(property) && 'const' in property;
      }),
    );
    return variants.map((variant, index) => ({
      when:
        discriminantLabel(variant, constantKeys) ??
        (typeof variant.title === 'string' ? variant.title : `variant ${index + 1}`),
      rows: objectRows(schema, variant, '', 0, new Set()),
    }));
  }
  if (isNode(root.properties)) return [{ when: null, rows: objectRows(schema, root, '', 0, new Set()) }];
  return [
    {
      when: null,
      rows: [
        {
          field: '(value)',
          type: typeLabel(schema, root),
          required: true,
          description: typeof root.description === 'string' ? root.description : '',
        },
      ],
    },
  ];
}
