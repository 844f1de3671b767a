import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlStorage } from '@northstar/adapter-sql';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { DAY1, databaseAvailable, rowTable, selectedDatabases, storedEvent, uuidNo } from '@northstar/adapter-testing';
import type { AggregateQuery, QueryEngine, StoredEvent } from '@northstar/server';
import type { SqlDialect } from '../src/dialects/sql-dialect.js';
import { insertEvents } from '../src/events/insert-events.js';
import { linkDevice } from '../src/events/link-device.js';
import { resolvePersonKeys } from '../src/events/person-keys.js';
import { updateRollups } from '../src/events/rollup-update.js';
import { runMigrations } from '../src/migrate.js';
import { queryCacheMigration } from '../src/migrations/0009-query-cache.js';
import { MIGRATIONS } from '../src/migrations/index.js';
import { openKnex } from '../src/sql-storage.js';
import { createMysqlDatabase, createSqliteDatabase } from './support/test-databases.js';

const HOUR = 3_600_000;
const BEFORE_0005 = MIGRATIONS.findIndex((migration) => migration.name === '0005-person-events');

/** Events of u1 (own, and anonymous on d1 before and after its link), of u2 (events only), and of an unlinked device. */
const EVENTS: StoredEvent[] = [
  storedEvent(1, { device_id: 'd1', timestamp: DAY1 + 1 * HOUR }),
  storedEvent(2, { user_id: 'u1', device_id: 'd1', timestamp: DAY1 + 2 * HOUR }),
  storedEvent(3, { user_id: 'u2', device_id: 'd2', timestamp: DAY1 + 3 * HOUR }),
  storedEvent(4, { device_id: 'd3', timestamp: DAY1 + 4 * HOUR }),
  storedEvent(5, { device_id: 'd1', event_name: 'click', timestamp: DAY1 + 5 * HOUR }),
  storedEvent(6, { user_id: 'u2', device_id: 'd1', timestamp: DAY1 + 6 * HOUR }),
];

/** What `appendEvents` did before 0005-person-events: events and rollups, no `ns_users`. */
async function appendAsBefore(db: Knex, dialect: SqlDialect, events: readonly StoredEvent[]): Promise<void> {
  await db.transaction(async (trx) => {
    const keys = await resolvePersonKeys(trx, dialect, events);
    await updateRollups(trx, dialect, await insertEvents(trx, dialect, events, keys));
  });
}

async function eventIndexes(db: Knex, dialect: SqlDialect): Promise<string[]> {
  if (dialect.name === 'sqlite') {
    const rows = await db.raw<{ name: string }[]>(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ns_events' AND name NOT LIKE 'sqlite_%'",
    );
    return rows.map((row) => row.name).sort();
  }
  const [rows = []] = await db.raw<[{ name: string }[]]>(
    "SELECT DISTINCT INDEX_NAME AS name FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ns_events' AND INDEX_NAME <> 'PRIMARY'",
  );
  return rows.map((row) => row.name).sort();
}

const uniqPerDay = (engine: QueryEngine, metric: 'uniq' | 'total') =>
  engine.run({
    kind: 'segmentation',
    projectId: 1,
    events: ['$pageview', 'click'],
    metric,
    interval: 'day',
    from: DAY1 - 24 * HOUR,
    to: DAY1 + 48 * HOUR,
  } satisfies AggregateQuery & { kind: 'segmentation' });

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

for (const kind of selectedDatabases().filter((name) => name !== 'memory')) {
  const available = await databaseAvailable(kind);
  // every migration on a fresh database: over 5 s on 2 shared cores under load
  describe.skipIf(!available)(`migration 0005-person-events on ${kind}`, { timeout: 60_000 }, () => {
    it('upgrades a database with events: one person index, users backfilled, the same answers before and after a deletion', async () => {
      const database = kind === 'mysql' ? await createMysqlDatabase('m0005') : await createSqliteDatabase();
      cleanups.push(database.drop);
      const { db, dialect } = await openKnex({ url: database.url });
      cleanups.unshift(() => db.destroy());

      // with 0009's data versions, which today's linkDevice below raises (applied first; the upgrade runs the rest)
      await runMigrations(db, dialect, [...MIGRATIONS.slice(0, BEFORE_0005), queryCacheMigration]);
      await appendAsBefore(db, dialect, EVENTS.slice(0, 4));
      expect(await linkDevice(db, dialect, 1, 'd1', 'u1')).toBe('created');
      await appendAsBefore(db, dialect, EVENTS.slice(4));

      const storage = await createSqlStorage({ knex: db });
      // (0010-property-slots and 0011-person-parts, applied by the upgrade too, made the time index `ns_events_event_parts`)
      expect(await eventIndexes(db, dialect)).toEqual(['ns_events_event_parts', 'ns_events_project_person_ts', 'ns_events_project_uuid']);
      const { eventLog, queryEngine, people } = storage;
      expect((await people.listUsers({ projectId: 1 })).items.map((user) => user.user_id)).toEqual(['u1', 'u2']);
      expect((await queryEngine.run({ kind: 'events', projectId: 1, userId: 'u1' })).map((event) => event.uuid)).toEqual([5, 2, 1].map(uuidNo));
      expect((await queryEngine.run({ kind: 'events', projectId: 1, deviceId: 'd1' })).map((event) => event.uuid)).toEqual([5, 1].map(uuidNo));
      expect((await queryEngine.run({ kind: 'events', projectId: 1, deviceId: 'd3' })).map((event) => event.uuid)).toEqual([uuidNo(4)]);

      const memory = createMemoryStorage();
      await memory.eventLog.appendEvents(EVENTS.slice(0, 4));
      await memory.people.linkDevice(1, 'd1', 'u1');
      await memory.eventLog.appendEvents(EVENTS.slice(4));
      for (const metric of ['uniq', 'total'] as const)
        expect(rowTable(await uniqPerDay(queryEngine, metric))).toEqual(rowTable(await uniqPerDay(memory.queryEngine, metric)));

      expect(await people.deleteUser(1, 'u1')).toEqual({ events: 3 });
      await memory.people.deleteUser(1, 'u1');
      expect((await people.listUsers({ projectId: 1 })).items.map((user) => user.user_id)).toEqual(['u2']);
      for (const metric of ['uniq', 'total'] as const)
        expect(rowTable(await uniqPerDay(queryEngine, metric))).toEqual(rowTable(await uniqPerDay(memory.queryEngine, metric)));
      // written after the upgrade: a new user is listed at once
      await eventLog.appendEvents([storedEvent(7, { user_id: 'u0', timestamp: DAY1 + 7 * HOUR })]);
      expect((await people.listUsers({ projectId: 1 })).items.map((user) => user.user_id)).toEqual(['u0', 'u2']);
    });
  });
}
