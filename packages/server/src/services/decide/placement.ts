import { rulesMatch } from '@northstar/core';
import type { PersonProperties } from '@northstar/core';
import type { PlacementTargeting, UrlRule } from '../../schemas/index.js';

/** Case-sensitive: `exact` compares the whole URL, `contains` a substring, `starts_with` a prefix. */
export function urlMatches(rule: UrlRule, url: string | undefined): boolean {
  if (url === undefined) return false;
  switch (rule.op) {
    case 'exact':
      return url === rule.value;
    case 'contains':
      return url.includes(rule.value);
    case 'starts_with':
      return url.startsWith(rule.value);
  }
}

/** Whether a guide or survey is for this page and person: each part of its targeting that is set must match. */
export function placementMatches(targeting: PlacementTargeting, url: string | undefined, properties: PersonProperties): boolean {
  if (targeting.url && !urlMatches(targeting.url, url)) return false;
  return rulesMatch(targeting.user_properties, properties);
}
