import type { Knex } from 'knex';
import type { UserDeletion } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { bumpDataVersion } from './data-version.js';
import { subtractShares } from './rollup-subtraction.js';
import type { PersonShare } from './rollup-subtraction.js';
import { dayExpression } from './sql-expressions.js';
import { deleteSessionRows } from './replay-sessions.js';
import { inTransaction } from './transaction-retry.js';
import { indexed, linkedDevices, userEvents } from './user-events.js';

/**
 * The replay sessions of the person: every session with a chunk recorded under its user id, or
 * anonymously on one of its linked devices. Whole sessions go, not only the matching chunks.
 */
async function deleteReplays(trx: Knex.Transaction, dialect: SqlDialect, projectId: number, userId: string): Promise<void> {
  const own = indexed(trx, dialect, 'ns_replay_chunks', 'user').select('session_id').where({ project_id: projectId, user_id: userId });
  const anonymous = indexed(trx, dialect, 'ns_replay_chunks', 'device')
    .select('session_id')
    .where('project_id', projectId)
    .whereNull('user_id')
    .whereIn('device_id', linkedDevices(trx, projectId, userId));
  const rows = (await own.union(anonymous)) as { session_id: string }[];
  const sessions = rows.map((row) => row.session_id);
  await deleteSessionRows(trx, projectId, sessions);
}

/**
 * Forgets a user in one transaction (retried whole on a deadlock): its events (see `userEvents`),
 * its share of the rollups, its replay sessions, its device links, its row in `ns_users` and its
 * properties; then the data version moves, and the project's `forgets` count (every process offers its user ids
 * to `ns_users` again: `user-registry.ts`). On MySQL the links and the person's range of the person
 * index are read `FOR UPDATE` first: the next-key locks make a concurrent `appendEvents` of this user, or of an anonymous event
 * of its devices, wait until the deletion commits (then the devices are unlinked, so such an event
 * counts as its device's), and a concurrent `linkDevice` to this user wait too — nothing is deleted
 * that the rollup subtraction did not count.
 */
export function deleteUser(db: Knex, dialect: SqlDialect, projectId: number, userId: string): Promise<UserDeletion> {
  const locking = (query: Knex.QueryBuilder) => dialect.lockForUpdate(query);
  return inTransaction(db, dialect, async (trx) => {
    await locking(linkedDevices(trx, projectId, userId));
    const counted: unknown = await locking(
      userEvents(trx, dialect, projectId, userId)
        .select(
          'event_name',
          trx.raw(`${dayExpression(dialect, 'ts')} AS day`),
          trx.raw(`${dialect.integerText('person_key')} AS person`),
          trx.raw('COUNT(*) AS n'),
        )
        .groupBy('event_name', 'day', 'person_key'),
    );
    const shares: PersonShare[] = (counted as (Omit<PersonShare, 'person_key'> & { person: string | null })[]).map((row) => ({
      ...row,
      person_key: row.person,
    }));

    const events = Number(await userEvents(trx, dialect, projectId, userId).delete());
    await subtractShares(trx, dialect, projectId, shares);
    await deleteReplays(trx, dialect, projectId, userId);
    await trx('ns_device_links').where({ project_id: projectId, user_id: userId }).delete();
    await trx('ns_users').where({ project_id: projectId, user_id: userId }).delete();
    await trx('ns_user_properties').where({ project_id: projectId, user_id: userId }).delete();
    await bumpDataVersion(trx, dialect, [projectId], { forgetsUsers: true });
    return { events };
  });
}
