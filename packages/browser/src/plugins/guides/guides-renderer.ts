import type { Client } from '../../core/client.js';
import { claimOverlay } from '../../overlay/frequency-cap.js';
import type { OverlayRenderer } from '../../overlay/overlay-item.js';
import { whenVariantAllows } from '../../overlay/variant.js';
import { banner } from './banner.js';
import { checklist } from './checklist.js';
import { GUIDE_STYLES } from './guide-styles.js';
import type { Guide } from './guide-types.js';
import { guideView } from './guide-view.js';
import type { GuideRender, GuideWait } from './guide-view.js';
import { modal } from './modal.js';
import { slideout } from './slideout.js';
import { tooltip, tooltipWait } from './tooltip.js';
import { tour, tourWait } from './tour.js';

type ByType = { [K in Guide['type']]: { render: GuideRender<Extract<Guide, { type: K }>>; wait?: GuideWait<Extract<Guide, { type: K }>> } };

/** Each guide type's renderer, and how it waits for its page to be ready. */
const TYPES: ByType = {
  tooltip: { render: tooltip, wait: tooltipWait },
  banner: { render: banner },
  modal: { render: modal },
  slideout: { render: slideout },
  multi_step_tour: { render: tour, wait: tourWait },
  checklist: { render: checklist },
};

const typeOf = (guide: Guide) => TYPES[guide.type] as { render: GuideRender<Guide>; wait?: GuideWait<Guide> } | undefined;

/** Tells that a tooltip's element never came: `$guide_element_missing`, which closes nothing (decide offers the guide again). */
function reportMissing(client: Client, guide: Guide, selector: string): void {
  client.track('$guide_element_missing', { guide_id: String(guide.id), guide_type: guide.type, guide_name: guide.name, selector });
}

/**
 * The renderer of the guides chunk: of a page view's guides (those whose type it knows and whose flag
 * variant allows them), each is offered to the frequency cap once it is ready (its element is there); the
 * first the cap lets through shows, and when it ends the next ready one is offered.
 */
export const guidesRenderer: OverlayRenderer<Guide> = {
  mount(client, items) {
    let ended = false;
    let showing: (() => void) | undefined;
    const stops: (() => void)[] = [];
    const ready: (() => boolean)[] = [];

    const offerNext = (): void => {
      for (let i = 0; i < ready.length; i++) {
        if (ready[i]?.()) return void ready.splice(i, 1);
      }
    };
    const show = (guide: Guide, anchor: Element | undefined): boolean => {
      const type = typeOf(guide);
      if (ended || showing || !type) return false;
      const host = claimOverlay(client, 'guide', guide, GUIDE_STYLES);
      if (!host) return false;
      let cleanup: (() => void) | undefined = undefined;
      let closed = false;
      const close = (): void => {
        if (closed) return;
        closed = true;
        cleanup?.();
        host.remove();
        showing = undefined;
      };
      const view = guideView(client, guide, host, () => {
        close();
        offerNext();
      });
      showing = close;
      cleanup = type.render(view, anchor);
      // Ended while rendering (a checklist found complete): its listeners go now.
      if (closed) cleanup();
      return true;
    };

    for (const guide of items) {
      const type = typeOf(guide);
      if (!type) continue;
      whenVariantAllows(client, guide, () => {
        if (ended) return;
        const onReady = (anchor?: Element): void => {
          const attempt = (): boolean => show(guide, anchor);
          if (!attempt()) ready.push(attempt);
        };
        if (type.wait) stops.push(type.wait(guide, client, onReady, (selector) => reportMissing(client, guide, selector)));
        else onReady();
      });
    }
    return () => {
      ended = true;
      for (const stop of stops) stop();
      showing?.();
    };
  },
};
