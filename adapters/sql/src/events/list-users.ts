import type { Knex } from 'knex';
import type { TrackedUser, TrackedUserPage, UserListRequest } from '@northstar/server';
import { pageLimit } from './page-limit.js';

type Properties = TrackedUser['properties'];

/**
 * The first `count` distinct user ids of one table after the cursor, in id order: a range of
 * each table's `(project_id, user_id)` key or index.
 */
function idsOf(db: Knex, table: string, request: UserListRequest, count: number): Knex.QueryBuilder {
  const builder = db(table).distinct('user_id').where('project_id', request.projectId);
  if (request.after === undefined) void builder.whereNotNull('user_id');
  else void builder.where('user_id', '>', request.after);
  return builder.orderBy('user_id').limit(count);
}

/**
 * A page of the people of a project: every `user_id` that has events (`ns_users`, kept by
 * `appendEvents`), a linked device or a properties record, in code-point order (the binary
 * collation on MySQL, `BINARY` on SQLite both compare UTF-8 bytes, which orders as code points). One query merges the first `limit + 1` ids of
 * each source; a second reads the page's properties.
 */
export async function listUsers(db: Knex, request: UserListRequest): Promise<TrackedUserPage> {
  const limit = pageLimit(request.limit);
  const union = db
    .select('user_id')
    .from(idsOf(db, 'ns_users', request, limit + 1).as('e'))
    .union(db.select('user_id').from(idsOf(db, 'ns_device_links', request, limit + 1).as('l')))
    .union(db.select('user_id').from(idsOf(db, 'ns_user_properties', request, limit + 1).as('p')));
  const found = (await db
    .select('user_id')
    .from(union.as('people'))
    .orderBy('user_id')
    .limit(limit + 1)) as { user_id: string }[];
  const ids = found.slice(0, limit).map((row) => row.user_id);
  if (ids.length === 0) return { items: [], next: null };

  const stored = (await db('ns_user_properties').select('user_id', 'properties').where('project_id', request.projectId).whereIn('user_id', ids)) as {
    user_id: string;
    properties: string;
  }[];
  const properties = new Map(stored.map((row) => [row.user_id, JSON.parse(row.properties) as Properties]));
  return {
    items: ids.map((id) => ({ user_id: id, properties: properties.get(id) ?? {} })),
    next: found.length > limit ? (ids[ids.length - 1] ?? null) : null,
  };
}
