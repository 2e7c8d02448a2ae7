// The property-test helpers live with core's tests; skill-gen's properties use the same ones.
export {
  AWKWARD_TOKENS,
  anyValue,
  mutated,
  runs,
  tokenText,
} from '../../../../core/test/properties/_support/arbitraries.js';
export { describeLinearTime, repeatTo } from '../../../../core/test/properties/_support/linear.js';
export { lazyStream, MiB, STRESS_BYTES } from '../../../../core/test/properties/_support/memory.js';
export {
  expectPlainData,
  expectPrototypesUntouched,
  POLLUTING_JSON,
  prototypeSnapshot,
} from '../../../../core/test/properties/_support/pollution.js';
