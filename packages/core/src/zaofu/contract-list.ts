// The family's contracts and nothing else: what `loadBuiltinContract` and the built-in registry import, so a
// hook that checks one of them builds only its schemas, not every helper the family index exports.
import type { AnyContract } from '../contract.js';
import { archProposalDone } from './arch-proposal-done.js';
import { artifactManifestPublished } from './artifact-manifest-published.js';
import { designCritiqueDone } from './design-critique-done.js';
import { gateFailed } from './gate-failed.js';

/** Every contract of the zaofu family, for registries: one per event type. */
export const zaofuContracts: readonly AnyContract[] = [
  archProposalDone,
  designCritiqueDone,
  gateFailed,
  artifactManifestPublished,
];
