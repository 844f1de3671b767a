import type { Page, PageContext } from './context.js';

/**
 * An object, array or date property: sent as its JSON text (`JSON.stringify`). Any object but a function
 * (functions have `call` and `apply`); object literals match through the index signature, interfaces
 * and class instances through the other half.
 */
export type PropertyObject = { readonly [key: string]: unknown } | (object & { readonly call?: never; readonly apply?: never });

/** One property value; a value JSON cannot write (a cycle, a bigint) is left out. */
export type PropertyValue = string | number | boolean | null | undefined | PropertyObject;

/** Event properties: finite numbers go to `num_properties`, everything else to `str_properties`. */
export type Properties = Record<string, PropertyValue>;

/** The caller's properties split by wire type; null and undefined are left out. */
export function splitProperties(properties?: Properties): PageContext {
  const str: Record<string, string> = {};
  const num: Record<string, number> = {};
  for (const key in properties) {
    const value = properties[key];
    if (typeof value === 'number' && Number.isFinite(value)) num[key] = value;
    else if (value != null) {
      try {
        str[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
      } catch {
        // A cycle or a bigint: JSON cannot write it, so the property is left out.
      }
    }
  }
  return { str, num };
}

/** Properties as super properties are kept: finite numbers as they are, everything else as its wire text. */
export function flatProperties(properties?: Properties): Record<string, string | number> {
  const { str, num } = splitProperties(properties);
  return { ...str, ...num };
}

/**
 * What every event starts from: the page context, the session's UTM tags when the page has none of its
 * own, the super properties, and the user properties as `$user.<name>`.
 */
export function withUser(context: Page, props: Record<string, string>, supers: Properties, utm?: Record<string, string>): PageContext {
  const own = splitProperties(supers);
  const str = { ...(Object.keys(context.utm).length ? undefined : utm), ...context.str, ...own.str };
  for (const key in props) str[`$user.${key}`] = props[key] as string;
  return { str, num: { ...context.num, ...own.num } };
}
