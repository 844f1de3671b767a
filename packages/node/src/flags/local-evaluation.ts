import { evaluateFlag } from '@northstar/core';
import type { FlagDefinition, FlagValue, PersonProperties } from '@northstar/core';
import type { FlagQuery } from './flag-types.js';

export type { FlagDefinition };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A flag as `GET /v1/projects/:projectId/flags` lists it, narrowed to what evaluation reads; undefined
 * when it does not have that shape (a newer server's flag this SDK cannot read is then left to the server).
 */
export function parseFlagDefinition(item: unknown): FlagDefinition | undefined {
  if (!isObject(item) || typeof item.key !== 'string' || typeof item.active !== 'boolean' || typeof item.rollout_percentage !== 'number') return undefined;
  const variants = Array.isArray(item.variants) ? item.variants : [];
  if (!variants.every((v) => isObject(v) && typeof v.key === 'string' && typeof v.weight === 'number')) return undefined;
  const targeting = isObject(item.targeting) ? item.targeting : {};
  const rules = targeting.user_properties ?? [];
  if (!Array.isArray(rules) || !rules.every((r) => isObject(r) && typeof r.property === 'string' && typeof r.op === 'string')) return undefined;
  return {
    key: item.key,
    active: item.active,
    rollout_percentage: item.rollout_percentage,
    variants: variants as FlagDefinition['variants'],
    targeting: { user_properties: rules as NonNullable<FlagDefinition['targeting']['user_properties']> },
  };
}

/** The query's properties as targeting reads them (`null` removes one, as on the server). */
function propertiesOf(query: FlagQuery): PersonProperties {
  const properties: PersonProperties = {};
  for (const [name, value] of Object.entries(query.userProperties ?? {})) if (value !== null && name !== '__proto__') properties[name] = value;
  return properties;
}

/**
 * The flag's value from its definition, or undefined when only the server can tell: a targeting rule
 * names a property the query does not give, for a user whose stored properties the server may hold.
 * (A device alone has no stored properties, so what the query gives is all there is.)
 */
export function evaluateLocally(flag: FlagDefinition, query: FlagQuery, personId: string, conclusiveOnly: boolean): FlagValue | undefined {
  const properties = propertiesOf(query);
  if (conclusiveOnly && query.userId && flag.active) {
    const missing = (flag.targeting.user_properties ?? []).some((rule) => !Object.hasOwn(properties, rule.property));
    if (missing) return undefined;
  }
  return evaluateFlag(flag, { id: personId, properties });
}
