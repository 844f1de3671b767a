import type { Knex } from 'knex';
import type { PropertyFilter } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { jsonPath, whereCompared } from './sql-expressions.js';

/** The user of an `ns_events` row (`f`): its `user_id`, else the user its device is linked to (`ns_device_links`' key). */
const EVENT_USER = 'COALESCE(f.user_id, (SELECT l.user_id FROM ns_device_links l WHERE l.project_id = f.project_id AND l.device_id = f.device_id))';

/** `member` of the row's user's properties (`ns_user_properties`' key), NULL when the user has no record. */
function ofUser(db: Knex, member: Knex.Raw): Knex.Raw {
  return db.raw(`(SELECT ? FROM ns_user_properties up WHERE up.project_id = f.project_id AND up.user_id = ${EVENT_USER})`, [member]);
}

/**
 * Adds one filter on the current properties of each `ns_events` row's user (see `AggregateQuery.userFilters`,
 * the memory adapter's rules): a lookup by primary key per row, in SQL, never JSON read in JS. `query` must
 * read `ns_events` as `f`.
 */
export function applyUserFilter(query: Knex.QueryBuilder, db: Knex, dialect: SqlDialect, filter: PropertyFilter): void {
  const path = jsonPath(filter.property);
  if (filter.op === 'is_set') {
    void query.whereRaw('? = 1', [ofUser(db, db.raw('CASE WHEN ? THEN 1 ELSE 0 END', [dialect.jsonHasPath(db, 'up.properties', path)]))]);
    return;
  }
  const text = typeof filter.value === 'string';
  const actual = ofUser(db, text ? dialect.jsonStringMember(db, 'up.properties', path) : dialect.jsonNumberMember(db, 'up.properties', path));
  const value = typeof filter.value === 'string' ? dialect.exactText(db, filter.value) : filter.value;
  whereCompared(query, filter.op, actual, value);
}
