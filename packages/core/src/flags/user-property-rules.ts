import type { PersonProperties, UserPropertyRule } from './flag-types.js';

/** A property as a number: numbers, and strings that read as a finite number (the browser SDK sends strings). */
function numeric(value: string | number | boolean): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function equals(actual: string | number | boolean, expected: string | number): boolean {
  return typeof expected === 'number' ? numeric(actual) === expected : String(actual) === expected;
}

/**
 * Whether one rule holds for a person's properties. `eq` with a string compares text (`true` matches
 * "true"), with a number compares numbers (numeric strings included); `neq` is its negation and so also
 * matches an absent property; `contains` is a case-sensitive substring of the text; `gt`/`lt` need a
 * numeric property; `is_set` needs the key.
 */
export function ruleMatches(rule: UserPropertyRule, properties: PersonProperties): boolean {
  const actual = Object.prototype.hasOwnProperty.call(properties, rule.property) ? properties[rule.property] : undefined;
  switch (rule.op) {
    case 'is_set':
      return actual !== undefined;
    case 'eq':
      return actual !== undefined && rule.value !== undefined && equals(actual, rule.value);
    case 'neq':
      return actual === undefined || rule.value === undefined || !equals(actual, rule.value);
    case 'contains':
      return actual !== undefined && typeof rule.value === 'string' && String(actual).includes(rule.value);
    case 'gt':
    case 'lt': {
      const number = actual === undefined ? undefined : numeric(actual);
      if (number === undefined || typeof rule.value !== 'number') return false;
      return rule.op === 'gt' ? number > rule.value : number < rule.value;
    }
    default:
      return false;
  }
}

/** Every rule holds (an empty list holds for everyone). */
export function rulesMatch(rules: readonly UserPropertyRule[] | undefined, properties: PersonProperties): boolean {
  return (rules ?? []).every((rule) => ruleMatches(rule, properties));
}
