import type { PageContext } from './context.js';

/** Event properties: finite numbers go to `num_properties`, everything else to `str_properties`. */
export type Properties = Record<string, string | number | boolean | null | undefined>;

/** The page context plus the caller's properties, split by wire type; null and undefined are left out. */
export function splitProperties(context: PageContext, properties?: Properties): PageContext {
  const str = { ...context.str };
  const num = { ...context.num };
  for (const key in properties) {
    const value = properties[key];
    if (typeof value === 'number' && Number.isFinite(value)) num[key] = value;
    else if (value != null) str[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return { str, num };
}
