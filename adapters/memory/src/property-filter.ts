import type { PropertyFilter, StoredEvent } from '@northstar/server';

function own<T>(map: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** The value a filter compares: the string property for a string value, the numeric one for a number. */
function valueFor(event: StoredEvent, property: string, value: string | number): string | number | undefined {
  return typeof value === 'string' ? own(event.str_properties, property) : own(event.num_properties, property);
}

/** Whether `event` passes `filter`; the same rules as the SQL adapter (see the PropertyFilter docs). */
export function matchesFilter(event: StoredEvent, filter: PropertyFilter): boolean {
  switch (filter.op) {
    case 'is_set':
      return own(event.str_properties, filter.property) !== undefined || own(event.num_properties, filter.property) !== undefined;
    case 'eq':
      return valueFor(event, filter.property, filter.value) === filter.value;
    case 'neq':
      return valueFor(event, filter.property, filter.value) !== filter.value;
    case 'contains': {
      const actual = own(event.str_properties, filter.property);
      return actual !== undefined && actual.includes(filter.value);
    }
    case 'gt':
    case 'lt': {
      const actual = own(event.num_properties, filter.property);
      if (actual === undefined) return false;
      return filter.op === 'gt' ? actual > filter.value : actual < filter.value;
    }
  }
}

/** The group of an event for a group-by: its string property, or null without it. */
export function groupOf(event: StoredEvent, property: string): string | null {
  return own(event.str_properties, property) ?? null;
}

/** The numeric property a `sum | avg | min | max` metric reads, or undefined. */
export function numberOf(event: StoredEvent, property: string): number | undefined {
  return own(event.num_properties, property);
}

/** A user's current properties, as the PersonStore keeps them. */
export type UserPropertyValues = Record<string, string | number | boolean>;

/**
 * Whether a user's properties pass `filter` (see `AggregateQuery.userFilters`): a string value matches a
 * string property, a number a numeric one; `neq` also matches an absent property, `is_set` any type.
 */
export function matchesUserFilter(properties: UserPropertyValues, filter: PropertyFilter): boolean {
  const actual = own(properties, filter.property);
  switch (filter.op) {
    case 'is_set':
      return actual !== undefined;
    case 'eq':
      return actual === filter.value;
    case 'neq':
      return actual !== filter.value;
    case 'contains':
      return typeof actual === 'string' && actual.includes(filter.value);
    case 'gt':
      return typeof actual === 'number' && actual > filter.value;
    case 'lt':
      return typeof actual === 'number' && actual < filter.value;
  }
}
