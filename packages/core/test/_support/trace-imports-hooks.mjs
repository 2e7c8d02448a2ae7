// Module resolution hooks (run in Node's loader thread) that append every resolved URL to $SKILLPACK_TRACE_FILE.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (process.env.SKILLPACK_TRACE_FILE) appendFileSync(process.env.SKILLPACK_TRACE_FILE, `${resolved.url}\n`);
  return resolved;
}
