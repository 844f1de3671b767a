export type {
  FlagValue,
  FlagVariant,
  UserPropertyRule,
  FlagTargeting,
  FlagDefinition,
  FlagResource,
  FlagListPage,
  PersonProperties,
  FlagPerson,
  FlagsEvaluateRequest,
  FlagsEvaluateResponse,
} from './flag-types.js';
export type { FlagTestVectors } from './flag-test-vectors.js';
export { flagBucket, VARIANT_SALT } from './flag-bucket.js';
export { ruleMatches, rulesMatch } from './user-property-rules.js';
export { evaluateFlag, variantAt } from './evaluate-flag.js';
export { sha1, sha1Hex } from './sha1.js';
