import { legacyMarker } from './marker.js';
import { type AcceptanceVerdict, AcceptanceVerdictSchema } from './schemas.js';

/**
 * The canonical JSON object of a verdict: what `AcceptanceVerdictSchema` makes of it, so keys come in the
 * schema's (the seed's) order and nothing else (no `source`). A value the schema refuses is written as given,
 * without `source`: rendering never throws.
 */
export function toVerdictJson(verdict: AcceptanceVerdict): AcceptanceVerdict {
  const { source: _source, ...canonical } = verdict as AcceptanceVerdict & { readonly source?: unknown };
  const parsed = AcceptanceVerdictSchema.safeParse(canonical);
  return parsed.success ? parsed.data : (canonical as AcceptanceVerdict);
}

/**
 * The canonical final two lines an agent writes: the strict JSON verdict on one line, then the legacy
 * marker, newer runtimes finalising on the first and older ones on the second. Parsing them gives back the
 * same verdict.
 */
export function renderVerdict(verdict: AcceptanceVerdict): string {
  return `${JSON.stringify(toVerdictJson(verdict))}\n${legacyMarker(verdict.acceptance)}`;
}
