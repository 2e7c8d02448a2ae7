import { arrayOf } from './type-text.js';

type SchemaNode = Readonly<Record<string, unknown>>;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A TypeScript type from a JSON Schema (draft 2020-12 as zod emits it), for contracts whose declarations
 * are not in @skillpack/core (an injected registry). Local `$ref`s are inlined; a cycle becomes `unknown`.
 */
export function jsonSchemaToType(root: SchemaNode): string {
  const print = (node: unknown, indent: string, refs: readonly string[]): string => {
    if (node === true || node === undefined) return 'unknown';
    if (node === false) return 'never';
    if (!isNode(node)) return 'unknown';
    if (typeof node.$ref === 'string') {
      const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(node.$ref);
      const defs = match ? root[match[1]!] : undefined;
      const target =
        isNode(defs) && match ? defs[decodeURIComponent(match[2]!)] : node.$ref === '#' ? root : undefined;
      return target === undefined || refs.includes(node.$ref)
        ? 'unknown'
        : print(target, indent, [...refs, node.$ref]);
    }
    if ('const' in node) return JSON.stringify(node.const);
    if (Array.isArray(node.enum)) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
    const union = node.anyOf ?? node.oneOf;
    if (Array.isArray(union))
      return [...new Set(union.map((member) => print(member, indent, refs)))].join(' | ');
    if (Array.isArray(node.allOf)) return node.allOf.map((member) => print(member, indent, refs)).join(' & ');
    const types = Array.isArray(node.type)
      ? (node.type as string[])
      : typeof node.type === 'string'
        ? [node.type]
        : [];
    if (types.length === 0) return 'unknown';
    return types.map((type) => printTyped(type, node, indent, refs)).join(' | ');
  };

  const printTyped = (type: string, node: SchemaNode, indent: string, refs: readonly string[]): string => {
    switch (type) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'null':
        return type;
      case 'integer':
        return 'number';
      case 'array': {
        if (Array.isArray(node.prefixItems))
          return `[${node.prefixItems.map((item) => print(item, indent, refs)).join(', ')}]`;
        return arrayOf(print(node.items, indent, refs));
      }
      case 'object': {
        const inner = `${indent}  `;
        const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
        const properties = isNode(node.properties) ? node.properties : {};
        const lines = Object.entries(properties).map(([name, value]) => {
          const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
          return `${inner}${key}${required.has(name) ? '' : '?'}: ${print(value, inner, refs)};`;
        });
        if (isNode(node.additionalProperties))
          lines.push(`${inner}[key: string]: ${print(node.additionalProperties, inner, refs)};`);
        return lines.length === 0
          ? node.additionalProperties === false
            ? '{}'
            : 'Record<string, unknown>'
          : `{\n${lines.join('\n')}\n${indent}}`;
      }
      default:
        return 'unknown';
    }
  };

  return print(root, '', []);
}
