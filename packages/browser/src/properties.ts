import { utmTags } from './context.js';
import type { PageContext } from './context.js';

/** Event properties: finite numbers go to `num_properties`, everything else to `str_properties`. */
export type Properties = Record<string, string | number | boolean | null | undefined>;

/** The caller's properties split by wire type; null and undefined are left out. */
export function splitProperties(properties?: Properties): PageContext {
  const str: Record<string, string> = {};
  const num: Record<string, number> = {};
  for (const key in properties) {
    const value = properties[key];
    if (typeof value === 'number' && Number.isFinite(value)) num[key] = value;
    else if (value != null) str[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return { str, num };
}

/**
 * What every event starts from: the page context, the session's UTM tags when the page has none of its
 * own, and the user properties as `$user.<name>`.
 */
export function withUser(context: PageContext, props: Record<string, string>, utm?: Record<string, string>): PageContext {
  const str = Object.keys(utmTags(context)).length ? { ...context.str } : { ...utm, ...context.str };
  for (const key in props) str[`$user.${key}`] = props[key] as string;
  return { str, num: context.num };
}
