import { z } from 'zod';

// zod without its JIT parsers: one short-lived hook process parses each schema once or twice, and compiling
// a parser costs more than it saves. zod decides per object schema, when the schema is built, so this must
// run before any schema is: the hook program imports this module first, and package.json lists it as the
// one module with a side effect so bundlers keep that import.
z.config({ jitless: true });
