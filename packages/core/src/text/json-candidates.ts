import { createFenceTracker } from './fence.js';
import { isJsonObject, type JsonObject, parseJsonObjectLine, safeJsonParse } from './json-line.js';
import { agentTextLines, type UnwrapLine } from './unwrap.js';

/** A JSON object an agent wrote either alone on a line or as the whole body of a fenced `json` block. */
export interface JsonCandidate {
  readonly value: JsonObject;
  readonly origin: 'line' | 'fence';
}

const JSON_FENCE_INFO = new Set(['json', 'jsonc', 'json5', '']);

/** Every JSON object candidate in agent text, in order of appearance. */
export function findJsonCandidates(text: string, unwrapLine?: UnwrapLine): JsonCandidate[] {
  const candidates: JsonCandidate[] = [];
  const fence = createFenceTracker();
  let block: string[] | undefined;
  for (const raw of agentTextLines(text, unwrapLine)) {
    const line = raw.trim();
    const state = fence.step(line);
    if (state === 'fence') {
      if (fence.open) {
        block = JSON_FENCE_INFO.has((fence.info ?? '').toLowerCase()) ? [] : undefined;
      } else if (block) {
        const parsed = safeJsonParse(block.join('\n'));
        if (parsed && isJsonObject(parsed.value)) candidates.push({ value: parsed.value, origin: 'fence' });
        block = undefined;
      }
      continue;
    }
    if (state === 'inside') {
      block?.push(raw);
      continue;
    }
    const value = parseJsonObjectLine(line);
    if (value) candidates.push({ value, origin: 'line' });
  }
  return candidates;
}
