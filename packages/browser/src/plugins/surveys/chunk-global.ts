import type { OverlayRenderer } from '../../overlay/overlay-item.js';
import type { Survey } from './survey-types.js';

/** The chunk's file name: beside the SDK script, as `/sdk/surveys.js`, `/sdk/<version>/surveys.js` and `dist/surveys.js`. */
export const SURVEYS_CHUNK = 'surveys.js';
/** The global the CDN script's surveys chunk sets to the renderer. */
export const SURVEYS_GLOBAL = '__northstar_surveys';

export type SurveysWindow = Window & { [SURVEYS_GLOBAL]?: OverlayRenderer<Survey> };
