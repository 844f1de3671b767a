import type { FlagValue } from '@northstar/core';
import type { BootstrapConfig } from '../../core/config.js';

/** Id of the `<script type="application/json">` a server renders the bootstrap into. */
export const BOOTSTRAP_ELEMENT_ID = 'northstar-bootstrap';
/** The global a server may set instead (an inline script before the SDK's). */
export const BOOTSTRAP_GLOBAL = '__NORTHSTAR_BOOTSTRAP__';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The page's bootstrap: the JSON script element, else the global; undefined when neither is there or readable. */
function pageBootstrap(): unknown {
  try {
    const element = document.getElementById(BOOTSTRAP_ELEMENT_ID);
    if (element) return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    // Not JSON: ignored like an absent one.
  }
  return (window as unknown as Record<string, unknown>)[BOOTSTRAP_GLOBAL];
}

/** The bootstrap to use: the `init` option, else the page's; only well-typed entries are kept. */
export function readBootstrap(option: BootstrapConfig | undefined): { flags: Record<string, FlagValue>; distinctID?: string } {
  const raw = option ?? pageBootstrap();
  const flags: Record<string, FlagValue> = {};
  if (!isObject(raw)) return { flags };
  const given = raw.featureFlags;
  if (isObject(given)) {
    for (const key of Object.keys(given)) {
      const value = given[key];
      if (typeof value === 'string' || typeof value === 'boolean') flags[key] = value;
    }
  }
  return typeof raw.distinctID === 'string' && raw.distinctID ? { flags, distinctID: raw.distinctID } : { flags };
}
