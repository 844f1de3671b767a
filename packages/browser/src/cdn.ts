// Entry of the minified script-tag build (IIFE, `northstar.min.js`, served as `/sdk/northstar.js`). It has
// no exports on purpose: an IIFE with exports and a global name would assign them to `window.northstar`
// after this code ran, overwriting the global.
import { autocapture } from './plugins/autocapture/autocapture.js';
import { featureFlags } from './plugins/flags/feature-flags.js';
import { frustration } from './plugins/frustration/frustration.js';
import { cdnGuides } from './plugins/guides/chunk-loader.js';
import { heatmaps } from './plugins/heatmaps/heatmaps.js';
import { cdnSurveys } from './plugins/surveys/chunk-loader.js';
import { cdnReplay } from './plugins/replay/chunk-loader.js';
import { cdnWebVitals } from './plugins/web-vitals/chunk-loader.js';
import { installGlobal } from './script-tag.js';
import { getFeatureFlag, getFeatureFlagState, getFeatureFlags, isFeatureEnabled, onFeatureFlags, reloadFeatureFlags, resolveVariant } from './shared-flags.js';

const script = typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);
// The subsystems the CDN script carries, each on unless its option is `false`; web vitals load their
// `web-vitals` chunk (`web-vitals.js` beside this script) only when an instance sets the plugin up; guides
// load their renderer (`guides.js`) only when decide answers a guide to show, surveys theirs (`surveys.js`)
// only when decide answers a survey; replay its recorder (`replay.js`) only for a session the sampling includes.
// The flag functions are methods of the global too (`northstar.getFeatureFlag(key)`), as in posthog-js.
installGlobal(
  script?.src,
  script?.nonce,
  [autocapture, frustration(), heatmaps, cdnWebVitals(script?.src), featureFlags, cdnGuides(script?.src), cdnSurveys(script?.src), cdnReplay(script?.src)],
  {
    getFeatureFlag,
    isFeatureEnabled,
    getFeatureFlagState,
    getFeatureFlags,
    onFeatureFlags,
    reloadFeatureFlags,
    resolveVariant,
  },
);
