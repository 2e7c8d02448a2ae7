// The property-test helpers live with core's tests; the adapters' properties use the same ones.
export {
  AWKWARD_TOKENS,
  anyValue,
  mutated,
  runs,
  tokenText,
} from '../../../../core/test/properties/_support/arbitraries.js';
export {
  describeLinearTime,
  expectLinearAsync,
  repeatTo,
} from '../../../../core/test/properties/_support/linear.js';
export {
  deepJson,
  feedWithinMemory,
  lazyStream,
  MiB,
  STRESS_BYTES,
} from '../../../../core/test/properties/_support/memory.js';
export {
  expectPlainData,
  expectPrototypesUntouched,
  POLLUTING_JSON,
  prototypeSnapshot,
} from '../../../../core/test/properties/_support/pollution.js';
export { acceptanceVerdict, narration } from '../../../../core/test/properties/_support/verdicts.js';
