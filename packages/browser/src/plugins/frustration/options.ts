import type { FrustrationConfig } from '../../core/config.js';

/** Every threshold of the frustration detectors, resolved. */
export type FrustrationOptions = Required<FrustrationConfig>;

/** The published defaults (docs/browser-sdk.md, "Frustration signals"). */
export const FRUSTRATION_DEFAULTS: FrustrationOptions = {
  rageClicks: true,
  rageClickCount: 3,
  rageClickWindow: 1000,
  rageClickRadius: 30,
  deadClicks: true,
  deadClickTimeout: 2500,
  errorClicks: true,
  errorClickWindow: 2000,
  erraticCursor: true,
  erraticCursorChanges: 20,
  erraticCursorWindow: 2000,
};

/** Emits one frustration event about `el`, with the element's description and `extra` properties. */
export type Emit = (event: string, el: Element, extra?: Record<string, string | number>) => void;

/** The element a DOM event happened on, or null for a text node, the document or the window. */
export const elementOf = (event: Event): Element | null => (event.target instanceof Element ? event.target : null);
