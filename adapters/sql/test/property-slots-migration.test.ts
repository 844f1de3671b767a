import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlStorage } from '@northstar/adapter-sql';
import { createMemoryStorage } from '@northstar/adapter-memory';
import {
  BATCH_A,
  BATCH_B,
  DAY1,
  OTHER_BATCH,
  databaseAvailable,
  expectSameAnswers,
  rowTable,
  selectedDatabases,
  storedEvent,
} from '@northstar/adapter-testing';
import type { EngineQuery, PropertyFilter, QueryEngine, StoredEvent } from '@northstar/server';
import type { SqlDialect } from '../src/dialects/sql-dialect.js';
import { insertEvents } from '../src/events/insert-events.js';
import { resolvePersonKeys } from '../src/events/person-keys.js';
import { updateRollups } from '../src/events/rollup-update.js';
import { UserRegistration } from '../src/events/user-registry.js';
import { runMigrations } from '../src/migrate.js';
import { MIGRATIONS } from '../src/migrations/index.js';
import { openKnex } from '../src/sql-storage.js';
import { createMysqlDatabase, createSqliteDatabase } from './support/test-databases.js';

const HOUR = 3_600_000;
const BEFORE_0010 = MIGRATIONS.findIndex((migration) => migration.name === '0010-property-slots');
const WIDE = 20;
const STRING_KEYS = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'];
const NUMBER_KEYS = ['m1', 'm2', 'm3', 'm4', 'm5'];

/** Project 20: more keys than slots, the later ones first seen in later events (first sight: k1…k6, m1…m4). */
function wideEvents(from: number, count: number): StoredEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const keys = Math.min(STRING_KEYS.length, 2 + (i % 7));
    return storedEvent(n, {
      project_id: WIDE,
      event_name: i % 3 === 0 ? 'signup' : '$pageview',
      user_id: `u${n % 5}`,
      timestamp: DAY1 + n * HOUR,
      str_properties: Object.fromEntries(STRING_KEYS.slice(0, keys).map((key, k) => [key, `${key}-${(n + k) % 3}`])),
      num_properties: Object.fromEntries(NUMBER_KEYS.slice(0, Math.min(NUMBER_KEYS.length, 1 + (i % 6))).map((key, k) => [key, (n * (k + 1)) % 7])),
    });
  });
}

/** What `appendEvents` wrote before 0010-property-slots: events (the first copy of each, no slots), rollups and users. */
async function appendAsBefore(db: Knex, dialect: SqlDialect, batch: readonly StoredEvent[]): Promise<void> {
  const seen = new Set<string>();
  const events = batch.filter((event) => !seen.has(`${event.project_id} ${event.uuid}`) && Boolean(seen.add(`${event.project_id} ${event.uuid}`)));
  await db.transaction(async (trx) => {
    const keys = await resolvePersonKeys(trx, dialect, events);
    const stored = await insertEvents(trx, dialect, events, keys);
    await updateRollups(trx, dialect, stored);
    await new UserRegistration(db).register(trx, dialect, stored, new Map());
  });
}

/** Filters, metrics and groups on every key of project 20, slotted or not. */
function wideQueries(): EngineQuery[] {
  const base = { kind: 'segmentation' as const, projectId: WIDE, events: ['$pageview', 'signup'], from: DAY1, to: DAY1 + 10 * 24 * HOUR };
  const all: EngineQuery[] = [];
  for (const key of STRING_KEYS) {
    const filters: PropertyFilter[][] = [
      [{ property: key, op: 'eq', value: `${key}-1` }],
      [{ property: key, op: 'neq', value: `${key}-1` }],
      [{ property: key, op: 'contains', value: '-2' }],
      [{ property: key, op: 'is_set' }],
    ];
    for (const f of filters) all.push({ ...base, metric: 'uniq', interval: 'day', filters: f });
    all.push({ ...base, metric: 'total', interval: 'week', groupBy: { property: key, limit: 2 } });
  }
  for (const key of NUMBER_KEYS) {
    all.push({ ...base, metric: 'sum', property: key, interval: 'day', groupBy: { property: 'k7', limit: 3 } });
    all.push({ ...base, metric: 'p90', property: key, interval: 'week' });
    all.push({ ...base, metric: 'total', interval: 'day', filters: [{ property: key, op: 'gt', value: 3 }] });
  }
  const steps = [
    { event: 'signup', filters: [{ property: 'k8', op: 'is_set' } as const] },
    { event: '$pageview', filters: [{ property: 'k2', op: 'eq', value: 'k2-0' } as const] },
  ];
  all.push({ kind: 'funnel', projectId: WIDE, steps, windowMs: 48 * HOUR, from: DAY1, to: DAY1 + 10 * 24 * HOUR, groupBy: { property: 'k7', limit: 5 } });
  all.push({
    kind: 'retention',
    projectId: WIDE,
    start: steps[0]!,
    return: { event: '$pageview', filters: [{ property: 'm5', op: 'lt', value: 4 }] },
    period: 'day',
    periods: 5,
    from: DAY1,
    to: DAY1 + 6 * 24 * HOUR,
    timeZone: 'UTC',
  });
  return all;
}

async function expectSameWide(actual: QueryEngine, expected: QueryEngine): Promise<void> {
  for (const query of wideQueries()) {
    const [mine, theirs] = [await actual.run(query), await expected.run(query)];
    expect(query.kind === 'segmentation' ? rowTable(mine as never) : mine, JSON.stringify(query)).toEqual(
      query.kind === 'segmentation' ? rowTable(theirs as never) : theirs,
    );
  }
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

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

for (const kind of selectedDatabases().filter((name) => name !== 'memory')) {
  const available = await databaseAvailable(kind);
  describe.skipIf(!available)(`migration 0010-property-slots on ${kind}`, { timeout: 60_000 }, () => {
    it('backfills the slots of stored events, given on first sight, and answers as before, links and later events included', async () => {
      const database = kind === 'mysql' ? await createMysqlDatabase('m0010') : await createSqliteDatabase();
      cleanups.push(database.drop);
      const { db, dialect } = await openKnex({ url: database.url });
      cleanups.unshift(() => db.destroy());
      await runMigrations(db, dialect, MIGRATIONS.slice(0, BEFORE_0010));
      await appendAsBefore(db, dialect, BATCH_A);
      await appendAsBefore(db, dialect, [...BATCH_B, ...OTHER_BATCH, ...wideEvents(100, 40)]);

      const storage = await createSqlStorage({ knex: db });
      expect(await eventIndexes(db, dialect)).toEqual(['ns_events_event_parts', 'ns_events_project_person_ts', 'ns_events_project_uuid']);
      const slots = await db('ns_property_slots')
        .where('project_id', WIDE)
        .orderBy(['kind', 'slot'])
        .select<{ kind: string; prop_key: string }[]>('kind', 'prop_key', 'slot');
      expect(slots.map((row) => `${row.kind} ${row.prop_key}`)).toEqual([
        ...['m1', 'm2', 'm3', 'm4'].map((key) => `n ${key}`),
        ...STRING_KEYS.slice(0, 6).map((key) => `s ${key}`),
      ]);
      // every event of project 20 carries k1 (slot s0) and m1 (slot n0)
      const filled = await db('ns_events').where('project_id', WIDE).whereNotNull('s0').whereNotNull('n0').count<{ n: number | string }[]>({ n: '*' });
      expect(Number(filled[0]?.n)).toBe(40);

      // the fixture's links, made after the upgrade
      await storage.people.linkDevice(10, 'dev-b1', 'bob');
      await storage.people.linkDevice(11, 'dev-a1', 'mallory');
      await storage.people.linkDevice(10, 'dev-a1', 'alice');
      await storage.people.linkDevice(10, 'dev-c', 'carol');
      const memory = createMemoryStorage();
      await memory.people.linkDevice(10, 'dev-b1', 'bob');
      await memory.eventLog.appendEvents(BATCH_A);
      await memory.eventLog.appendEvents([...BATCH_B, ...OTHER_BATCH, ...wideEvents(100, 40)]);
      await memory.people.linkDevice(11, 'dev-a1', 'mallory');
      await memory.people.linkDevice(10, 'dev-a1', 'alice');
      await memory.people.linkDevice(10, 'dev-c', 'carol');
      await expectSameAnswers(storage, memory, [10, 11]);
      await expectSameWide(storage.queryEngine, memory.queryEngine);

      // written after the upgrade, through the append path: the same slots, the same answers
      for (const target of [storage, memory]) await target.eventLog.appendEvents(wideEvents(200, 30));
      await expectSameWide(storage.queryEngine, memory.queryEngine);
      expect(await storage.people.deleteUser(WIDE, 'u1')).toEqual(await memory.people.deleteUser(WIDE, 'u1'));
      await expectSameWide(storage.queryEngine, memory.queryEngine);
      await storage.dispose();
      await memory.dispose();
    });
  });
}
