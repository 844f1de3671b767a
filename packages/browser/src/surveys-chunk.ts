// Entry of the CDN script's surveys chunk (IIFE, `surveys.js`, served as `/sdk/surveys.js`): it hands the
// renderer to the SDK on a global, which the loader that injected this script reads in its `load` event
// (overlay/chunk-script.ts).
import { SURVEYS_GLOBAL } from './plugins/surveys/chunk-global.js';
import type { SurveysWindow } from './plugins/surveys/chunk-global.js';
import { surveysRenderer } from './plugins/surveys/surveys-renderer.js';

(window as SurveysWindow)[SURVEYS_GLOBAL] = surveysRenderer;
