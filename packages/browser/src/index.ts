// The npm entry point (ESM and CJS): the shared instance's operations, the client classes and the
// plugins, each tree-shakeable.
export {
  init,
  getInstance,
  track,
  identify,
  setUserProperties,
  register,
  registerOnce,
  unregister,
  group,
  revenue,
  reset,
  flush,
  optOut,
  optIn,
  hasOptedOut,
  debug,
  grantConsent,
  revokeConsent,
  hasConsent,
  getDeviceId,
  getUserId,
  getSessionId,
  destroy,
} from './shared-instance.js';
export {
  flagsOf,
  getFeatureFlag,
  isFeatureEnabled,
  getFeatureFlagState,
  getFeatureFlags,
  onFeatureFlags,
  reloadFeatureFlags,
  resolveVariant,
} from './shared-flags.js';
export { Northstar } from './core/northstar.js';
export { Client } from './core/client.js';
export type { Plugin } from './core/client.js';
export type { ClientHooks, HookName, HookListener } from './core/hooks.js';
export type { FeatureFlagsApi, FeatureFlagState, FeatureFlagsChange, FeatureFlagsListener, FlagSource } from './core/feature-flags-api.js';
export type { NorthstarConfig, BootstrapConfig, AutocaptureConfig, ReplayConfig, FrustrationConfig } from './core/config.js';
export type { Properties, PropertyObject, PropertyValue } from './core/properties.js';
export type { UserProperties } from './core/identity.js';
export type { Revenue, RevenueType } from './core/revenue.js';
export { pageViews } from './plugins/page-views/page-views.js';
export { frustration } from './plugins/frustration/frustration.js';
export { FRUSTRATION_DEFAULTS } from './plugins/frustration/options.js';
export { autocapture } from './plugins/autocapture/autocapture.js';
export { clicks } from './plugins/autocapture/clicks.js';
export { forms } from './plugins/autocapture/forms.js';
export { scrollDepth } from './plugins/autocapture/scroll-depth.js';
export { pageLeave } from './plugins/autocapture/page-leave.js';
export { webVitals } from './plugins/web-vitals/web-vitals.js';
export { replay } from './plugins/replay/replay.js';
export { heatmaps } from './plugins/heatmaps/heatmaps.js';
export { guides } from './plugins/guides/guides.js';
export type { Guide } from './plugins/guides/guide-types.js';
export { surveys } from './plugins/surveys/surveys.js';
export type { Survey, SurveyQuestion, SurveyConditions } from './plugins/surveys/survey-types.js';
export { featureFlags } from './plugins/flags/feature-flags.js';
export { BOOTSTRAP_ELEMENT_ID, BOOTSTRAP_GLOBAL } from './plugins/flags/flag-bootstrap.js';
