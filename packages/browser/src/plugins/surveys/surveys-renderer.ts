import type { Client } from '../../core/client.js';
import { claimOverlay } from '../../overlay/frequency-cap.js';
import type { OverlayRenderer } from '../../overlay/overlay-item.js';
import { whenVariantAllows } from '../../overlay/variant.js';
import { surveyPanel } from './survey-panel.js';
import { SURVEY_STYLES } from './survey-styles.js';
import type { Survey } from './survey-types.js';

/**
 * Calls `ready` once the survey's browser conditions hold on this page view: its `after_event` tracked
 * (from now on: the `event` hook is listened to only while a survey waits for one), then `delay_ms`
 * passed. Returns what stops waiting.
 */
function whenReady(client: Client, survey: Survey, ready: () => void): () => void {
  const { after_event: afterEvent, delay_ms: delay = 0 } = survey.conditions ?? {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = (): void => {
    if (delay > 0) timer = setTimeout(ready, delay);
    else ready();
  };
  let off: (() => void) | undefined;
  if (afterEvent) {
    off = client.on('event', (event) => {
      if (event.event_name !== afterEvent) return;
      off?.();
      off = undefined;
      wait();
    });
  } else wait();
  return () => {
    off?.();
    clearTimeout(timer);
  };
}

/**
 * The renderer of the surveys chunk: of a page view's surveys (those whose flag variant allows them),
 * each is offered to the shared frequency cap once its conditions hold; the first the cap lets through
 * shows, and when it ends the next ready one is offered.
 */
export const surveysRenderer: OverlayRenderer<Survey> = {
  mount(client, items) {
    let ended = false;
    let showing: (() => void) | undefined;
    const waiting: (() => boolean)[] = [];
    const stops: (() => void)[] = [];

    const offerNext = (): void => {
      for (let i = 0; i < waiting.length; i++) if (waiting[i]?.()) return void waiting.splice(i, 1);
    };
    const show = (survey: Survey): boolean => {
      if (ended || showing) return false;
      const host = claimOverlay(client, 'survey', survey, SURVEY_STYLES);
      if (!host) return false;
      const end = (): void => {
        remove();
        host.remove();
        showing = undefined;
      };
      const remove = surveyPanel(client, survey, host, () => {
        end();
        offerNext();
      });
      showing = end;
      return true;
    };

    for (const survey of items) {
      whenVariantAllows(client, survey, () => {
        if (ended) return;
        stops.push(
          whenReady(client, survey, () => {
            if (!show(survey)) waiting.push(() => show(survey));
          }),
        );
      });
    }
    return () => {
      ended = true;
      for (const stop of stops) stop();
      showing?.();
    };
  },
};
