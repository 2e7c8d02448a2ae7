import type { z } from 'zod';
import { ConfigError, describeValue, ProtocolError } from '../errors.js';
import { type BlockMarkers, splitKeyLine } from './_block-scanner.js';
import type { MaestroErrorCode, MaestroProtocolError } from './error-codes.js';

const PREVIEW_LIMIT = 200;

/** An offending value for error details, cut to a bounded length. */
export function previewValue(value: string): string {
  return value.length > PREVIEW_LIMIT ? `${value.slice(0, PREVIEW_LIMIT)}…` : value;
}

/** The typed failure for input that is not text at all. */
export function invalidInputError(value: unknown, what: string): MaestroProtocolError {
  return new ProtocolError(
    'invalid_input',
    `Expected ${what} as a string; received ${describeValue(value)}.`,
    {
      details: { received: value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value },
    },
  );
}

function unrenderable(
  code: MaestroErrorCode,
  fieldPath: string,
  problem: string,
): ConfigError<MaestroErrorCode> {
  return new ConfigError(code, `${fieldPath} cannot be written into the block: ${problem}.`, {
    details: { fieldPath },
  });
}

/** List items must be non-empty, trimmed, and free of their separators and of line breaks. */
export function checkRenderableList(
  fieldPath: string,
  items: readonly string[],
  separators: readonly string[],
  code: MaestroErrorCode = 'unrenderable_result',
): void {
  items.forEach((item, index) => {
    const path = `${fieldPath}[${index}]`;
    if (typeof item !== 'string' || item === '' || item.trim() !== item) {
      throw unrenderable(code, path, `${describeValue(item)} is empty or not trimmed`);
    }
    if (item.includes('\n') || separators.some((separator) => item.includes(separator))) {
      throw unrenderable(code, path, `${describeValue(item)} contains a line break or a separator`);
    }
  });
}

/**
 * Text fields may span lines, but every line must be trimmed and non-empty, and a continuation line must
 * not read as a key line or a marker, or the parser would split the value differently.
 */
export function checkRenderableText(
  fieldPath: string,
  text: string,
  keySeparators: readonly string[],
  markers: BlockMarkers,
  code: MaestroErrorCode = 'unrenderable_result',
): void {
  text.split('\n').forEach((line, index) => {
    if (line === '' || line.trim() !== line) {
      throw unrenderable(code, fieldPath, `line ${index + 1} is empty or not trimmed`);
    }
    if (index === 0) return;
    const marker = line === markers.start || line === markers.end || markers.interrupts?.includes(line);
    if (marker || splitKeyLine(line, keySeparators) !== undefined) {
      throw unrenderable(
        code,
        fieldPath,
        `line ${index + 1} ${describeValue(line, 40)} reads as a key or marker`,
      );
    }
  });
}

/**
 * A block contract's schema: the field shape plus "the block renderer can write it", one refinement that
 * runs the renderer's own checks (trimmed lines, no separator in a list item, no continuation line that reads
 * as a key), so the schema accepts exactly the answers the parser can give back. A fallback is never
 * rendered, so it is not checked. The JSON Schema stays the shape's; refinements are not part of it.
 */
export function renderableBy<S extends z.ZodType<{ readonly fallback: boolean }>>(
  schema: S,
  render: (value: z.output<S>) => string,
): S {
  return schema.superRefine((value, context) => {
    if (value.fallback) return;
    try {
      render(value as z.output<S>);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const fieldPath = error.details.fieldPath;
      context.addIssue({
        code: 'custom',
        message: error.message,
        ...(typeof fieldPath === 'string' ? { path: [fieldPath] } : {}),
        params: { code: error.code },
      });
    }
  }) as unknown as S;
}
