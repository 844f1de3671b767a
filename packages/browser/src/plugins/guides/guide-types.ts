import type { OverlayItem } from '../../overlay/overlay-item.js';

/** Fields every guide may have (`/v1/decide/guides`, docs/guides.md). */
interface GuideBase extends OverlayItem {
  title?: string;
  body?: string;
  /** Text of the call to action; with `button_url` a link (http(s) only), else a button. Either completes the guide. */
  button_text?: string;
  button_url?: string;
}

export interface TooltipGuide extends GuideBase {
  type: 'tooltip';
  body: string;
  selector: string;
  placement?: Placement;
}
export interface BannerGuide extends GuideBase {
  type: 'banner';
  body: string;
  position?: 'top' | 'bottom';
}
export interface ModalGuide extends GuideBase {
  type: 'modal';
  body: string;
}
export interface SlideoutGuide extends GuideBase {
  type: 'slideout';
  body: string;
  side?: 'left' | 'right';
}
export interface TourStep {
  title?: string;
  body: string;
  /** The element the step points at; without one the step sits in the middle of the page. */
  selector?: string;
}
export interface TourGuide extends GuideBase {
  type: 'multi_step_tour';
  steps: TourStep[];
}
export interface ChecklistItem {
  key: string;
  title: string;
  description?: string;
  url?: string;
  /** The event that completes the item when this browser tracks it; without one the person ticks it. */
  event?: string;
}
export interface ChecklistGuide extends GuideBase {
  type: 'checklist';
  items: ChecklistItem[];
  /** Keys of the items the server found completed (the person tracked their `event`, on any device). */
  completed_items?: string[];
}

export type Placement = 'top' | 'bottom' | 'left' | 'right';
export type Guide = TooltipGuide | BannerGuide | ModalGuide | SlideoutGuide | TourGuide | ChecklistGuide;
