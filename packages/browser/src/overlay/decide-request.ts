import type { Client } from '../core/client.js';
import type { OverlayItem, OverlayKind } from './overlay-item.js';

/**
 * The items `/v1/decide/guides` or `/v1/decide/surveys` answers for this person on this page; an empty
 * list when the client is not running, consent is pending (the device id is not sent before it), or the
 * request fails in any way.
 */
export async function decideItems(client: Client, kind: OverlayKind): Promise<OverlayItem[]> {
  const run = client.run;
  if (!run?.store.on || run.optedOut) return [];
  const list = `${kind}s` as const;
  const query = new URLSearchParams({ device_id: run.ids.device, url: location.href });
  if (run.ids.user) query.set('user_id', run.ids.user);
  // Surveys come in the browser's language when the survey has a translation for it (docs/surveys.md).
  if (kind === 'survey' && navigator.language) query.set('locale', navigator.language);
  try {
    const response = await fetch(`${client.config.endpoint}/v1/decide/${list}?${query.toString()}`, {
      headers: { 'X-API-Key': client.config.apiKey },
      credentials: 'omit',
    });
    if (!response.ok) return [];
    const items = ((await response.json()) as Partial<Record<typeof list, unknown>>)[list];
    return Array.isArray(items) ? (items as OverlayItem[]) : [];
  } catch {
    return [];
  }
}
