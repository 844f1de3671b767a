import type { Plugin } from '../../core/client.js';
import { createOverlayPlugin } from '../../overlay/overlay-plugin.js';
import type { Survey } from './survey-types.js';

/**
 * In-app surveys (docs/surveys.md): at every page view the plugin asks `/v1/decide/surveys` what to ask
 * here, in the browser's language, and only when the answer holds a survey does it load the renderer (a
 * dynamic `import()`, a chunk of its own in the app's build); once a survey's conditions hold (an event,
 * a delay) and the frequency cap it shares with guides lets it through, it shows in a shadow root. Sends
 * `$survey_shown`, `$survey_sent` (one per question answered) and `$survey_dismissed`. `surveys: false`
 * turns it off. Opt in with `init(config).use(surveys)`; the CDN script sets up the same plugin by default
 * and loads the renderer as a chunk of its own (`surveys.js`).
 */
export const surveys: Plugin = createOverlayPlugin<Survey>('survey', () => import('./surveys-renderer.js').then((module) => module.surveysRenderer));
