/**
 * A contract id: dot-separated lower-case segments, `family.name` at least (`conflux.acceptance`,
 * `zaofu.arch-proposal-done`, `shop.refund_decision`). Each segment is letters and digits, joined by single
 * `-` or `_`; the first starts with a letter.
 */
export const CONTRACT_ID_PATTERN = /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*(?:\.[a-z0-9]+(?:[_-][a-z0-9]+)*)+$/;

const RULE =
  'expected lower-case segments separated by dots ("family.name"), each of letters and digits joined by single "-" or "_", for example "conflux.acceptance" or "shop.refund_decision"';

function nearestSegment(segment: string): string {
  return segment
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/[_-]{2,}/g, (run) => run[0]!)
    .replace(/^[_-]+|[_-]+$/g, '');
}

/** The valid id closest to `id` (case folded, other characters made `-`, a family added when there is none). */
function nearestContractId(id: string): string {
  const segments = id.split('.').map(nearestSegment).filter(Boolean);
  const first = segments[0] ?? '';
  if (!/^[a-z]/.test(first)) segments[0] = `contract${first === '' ? '' : `-${first}`}`;
  if (segments.length < 2) segments.unshift('acme');
  return segments.join('.');
}

/** Why `id` is not a contract id, as one sentence naming the rule and the nearest valid id; `undefined` when it is. */
export function contractIdProblem(id: unknown): string | undefined {
  if (typeof id === 'string' && CONTRACT_ID_PATTERN.test(id)) return undefined;
  const shown = typeof id === 'string' ? JSON.stringify(id.slice(0, 128)) : `a ${typeof id}`;
  const nearest =
    typeof id === 'string' ? `; the nearest valid id is "${nearestContractId(id.slice(0, 128))}"` : '';
  return `Contract id ${shown} is not valid: ${RULE}${nearest}.`;
}
