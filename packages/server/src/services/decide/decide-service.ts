import { evaluateFlag } from '@northstar/core';
import type { FlagValue } from '@northstar/core';
import type { DocumentKind, StoragePorts } from '../../ports/index.js';
import type { FlagData, PlacementTargeting } from '../../schemas/index.js';
import type { DecideQuery } from '../../schemas/decide.js';
import { flagPerson } from '../flags/flag-person.js';
import { loadFlags } from '../flags/load-flags.js';
import { listAllDocuments } from '../list-all-documents.js';
import { placementMatches } from './placement.js';

/** The ports decide reads: the documents, the person's properties, the person's events of the items. */
export type DecidePorts = Pick<StoragePorts, 'config' | 'people' | 'queryEngine'>;

/** What decide needs of a guide or survey. */
export interface DecidableData {
  status: 'active' | 'draft';
  targeting: PlacementTargeting;
  flag_key?: string | undefined;
  variants?: string[] | undefined;
}

/** How one kind (guides, surveys) is decided. */
export interface DecideSpec<T extends DecidableData> {
  kind: Extract<DocumentKind, 'guide' | 'survey'>;
  /** The stored data, validated; undefined leaves the document out. */
  parse(data: unknown): T | undefined;
  /** Ids (as strings) of the `items` the person no longer gets (closed, answered, ...). */
  closedIds(storage: DecidePorts, projectId: number, query: DecideQuery, items: readonly { id: number; data: T }[]): Promise<Set<string>>;
  /** The item's content as the SDK renders it (for surveys: in the query's locale). */
  render(content: Omit<T, 'status' | 'targeting' | 'variants'>, query: DecideQuery): Record<string, unknown>;
  /** Fields to add to the open items from the person's state (a checklist's `completed_items`), by item id. */
  progress?(storage: DecidePorts, projectId: number, query: DecideQuery, open: { id: number; data: T }[]): Promise<Map<number, Record<string, unknown>>>;
}

/** An item as the SDK renders it: its id, its data without status, targeting and variants, and the flag value. */
export type DecidedItem = Record<string, unknown> & { id: number; variant?: Exclude<FlagValue, false> };

/** Whether a flag value lets an item through: not false, and one of `variants` when it lists any. */
function flagAllows(value: FlagValue, variants: string[] | undefined): value is Exclude<FlagValue, false> {
  if (value === false) return false;
  return !variants?.length || (typeof value === 'string' && variants.includes(value));
}

/**
 * The items of `spec.kind` to render for a person on a page, in id order: active, targeting matched
 * (URL and user properties), not yet closed by the person, and, when they name a flag, with the
 * person's value of that flag allowed by `variants`; with the fields `spec.progress` adds.
 */
export async function decideItems<T extends DecidableData>(
  storage: DecidePorts,
  projectId: number,
  query: DecideQuery,
  spec: DecideSpec<T>,
): Promise<DecidedItem[]> {
  const documents = await listAllDocuments(storage.config, projectId, spec.kind);
  const active = documents.flatMap((document) => {
    const data = spec.parse(document.data);
    return data?.status === 'active' ? [{ id: document.id, data }] : [];
  });
  if (active.length === 0) return [];
  const person = await flagPerson(storage.people, projectId, query);
  const targeted = active.filter((item) => placementMatches(item.data.targeting, query.url, person.properties));
  if (targeted.length === 0) return [];
  const closed = await spec.closedIds(storage, projectId, query, targeted);
  const open = targeted.filter((item) => !closed.has(String(item.id)));
  const flagKeys = [...new Set(open.flatMap((item) => (item.data.flag_key === undefined ? [] : [item.data.flag_key])))];
  const [flags, progress] = await Promise.all([
    flagKeys.length > 0 ? loadFlags(storage.config, projectId, flagKeys) : new Map<string, FlagData>(),
    spec.progress ? spec.progress(storage, projectId, query, open) : new Map<number, Record<string, unknown>>(),
  ]);

  const decided: DecidedItem[] = [];
  for (const { id, data } of open) {
    const { status: _status, targeting: _targeting, variants, ...content } = data;
    const render = { ...spec.render(content, query), ...progress.get(id) };
    if (data.flag_key === undefined) {
      decided.push({ id, ...render });
      continue;
    }
    const flag = flags.get(data.flag_key);
    const value = flag ? evaluateFlag(flag, person) : false;
    if (flagAllows(value, variants)) decided.push({ id, ...render, variant: value });
  }
  return decided;
}
