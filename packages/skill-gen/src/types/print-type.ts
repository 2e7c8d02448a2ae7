import type { Symbol as MorphSymbol, Node, Type } from 'ts-morph';
import { arrayOf } from './type-text.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_DEPTH = 24;
/** ts.SymbolFlags.Optional; a literal so this file needs no runtime import of ts-morph. */
const OPTIONAL_SYMBOL = 16777216;

function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

const LAST = new Set(['null', 'undefined']);

function compareMembers(a: string, b: string): number {
  if (LAST.has(a) !== LAST.has(b)) return LAST.has(a) ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function isOptional(symbol: MorphSymbol): boolean {
  return (symbol.getFlags() & OPTIONAL_SYMBOL) !== 0;
}

/**
 * Print a checker type structurally, as a standalone TypeScript type: aliases are expanded (zod's
 * `z.output<…>` would mean nothing without zod), so the result needs no imports.
 */
export function printType(type: Type, location: Node): string {
  const stack: Type[] = [];

  const print = (current: Type, indent: string, optional = false): string => {
    if (stack.includes(current) || stack.length > MAX_DEPTH) return 'unknown';
    if (current.isAny()) return 'any';
    if (current.isUnknown()) return 'unknown';
    if (current.isNever()) return 'never';
    if (current.isString()) return 'string';
    if (current.isNumber()) return 'number';
    if (current.isBoolean()) return 'boolean';
    if (current.isNull()) return 'null';
    if (current.isUndefined()) return 'undefined';
    if (current.isStringLiteral()) return JSON.stringify(current.getLiteralValue());
    if (current.isNumberLiteral()) return String(current.getLiteralValue());
    if (current.isBooleanLiteral()) return current.getText();
    if (current.getText() === 'bigint') return 'bigint';
    stack.push(current);
    try {
      if (current.isUnion()) {
        let members = current.getUnionTypes();
        if (optional) members = members.filter((member) => !member.isUndefined());
        const texts: string[] = [];
        const booleans = members.filter((member) => member.isBooleanLiteral());
        for (const member of members) {
          if (member.isBooleanLiteral() && booleans.length === 2) {
            if (!texts.includes('boolean')) texts.push('boolean');
          } else texts.push(print(member, indent));
        }
        // The checker orders union members by internal type id, which differs between reading `.d.ts`
        // files and sources; sorting keeps the output the same either way.
        texts.sort(compareMembers);
        return texts.length === 1 ? texts[0]! : texts.join(' | ');
      }
      if (current.isIntersection())
        return current
          .getIntersectionTypes()
          .map((member) => print(member, indent))
          .join(' & ');
      if (current.isArray() || current.isReadonlyArray()) {
        const element = current.getArrayElementType() ?? current.getTypeArguments()[0];
        return arrayOf(element ? print(element, indent) : 'unknown', current.isReadonlyArray());
      }
      if (current.isTuple())
        return `[${current
          .getTupleElements()
          .map((element) => print(element, indent))
          .join(', ')}]`;
      if (current.getCallSignatures().length > 0) return 'unknown';
      if (current.getSymbol()?.getName() === 'Date') return 'Date';
      if (current.isObject()) return printObject(current, indent);
      return 'unknown';
    } finally {
      stack.pop();
    }
  };

  // zod's inferred objects are mapped types without declarations, so each property's type is asked for
  // at the source file rather than at a declaration.
  const printObject = (current: Type, indent: string): string => {
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const property of current.getProperties()) {
      const optional = isOptional(property);
      const propertyType = property.getTypeAtLocation(location);
      lines.push(
        `${inner}${propertyName(property.getName())}${optional ? '?' : ''}: ${print(propertyType, inner, optional)};`,
      );
    }
    const index = current.getStringIndexType();
    if (index) lines.push(`${inner}[key: string]: ${print(index, inner)};`);
    return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`;
  };

  return print(type, '');
}
