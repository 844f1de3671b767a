import { afterAll, describe, expect, it } from 'vitest';
import { createSqlStorage } from '@northstar/adapter-sql';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { DAY1, databaseAvailable, mulberry32, rowTable, selectedDatabases, storedEvent } from '@northstar/adapter-testing';
import type { AggregateQuery, FunnelQuery, StoredEvent } from '@northstar/server';
import { aggregate } from '../src/events/aggregate.js';
import { funnel } from '../src/events/funnel-query.js';
import { groupedCountParts, groupedCounts } from '../src/events/grouped-counts.js';
import { PERSON_PARTS, partNumbers, personParts } from '../src/events/person-parts.js';
import { slotReader } from '../src/events/slot-reader.js';
import { openKnex } from '../src/sql-storage.js';
import { createMysqlDatabase, createSqliteDatabase } from './support/test-databases.js';

const HOUR = 3_600_000;
const PROJECT = 30;
const PATHS = ['/', '/a', '/b', '/c', '/d', '\u{1F600}', '\uFFFD', 'Z'];

/** 400 events of 60 people over 10 days (paths drawn so that groups tie, some events without one) and 2 events of nobody. */
function dataset(): StoredEvent[] {
  const random = mulberry32(30);
  const nobody = [0, 1].map((i) =>
    storedEvent(900 + i, { project_id: PROJECT, user_id: null, device_id: null, timestamp: DAY1 + i * HOUR, str_properties: { path: '/' } }),
  );
  return nobody.concat(
    Array.from({ length: 400 }, (_, i) => {
      const person = Math.floor(random() * 60);
      const path = random() < 0.15 ? undefined : PATHS[Math.floor(random() * PATHS.length)]!;
      return storedEvent(1000 + i, {
        project_id: PROJECT,
        event_name: random() < 0.8 ? '$pageview' : 'click',
        user_id: person % 3 === 0 ? null : `user-${person}`,
        device_id: `device-${person}`,
        timestamp: DAY1 + Math.floor(random() * 10 * 24) * HOUR + i,
        str_properties: { ...(path === undefined ? {} : { path }), plan: person % 4 === 0 ? 'pro' : 'free' },
      });
    }),
  );
}

const base = { projectId: PROJECT, events: ['$pageview', 'click'], from: DAY1, to: DAY1 + 10 * 24 * HOUR };
const QUERIES: AggregateQuery[] = [
  { ...base, metric: 'uniq', interval: 'day', groupBy: { property: 'path', limit: 3 } },
  { ...base, metric: 'uniq', interval: 'week', groupBy: { property: 'path', limit: 20 } },
  { ...base, metric: 'total', interval: 'day', groupBy: { property: 'path', limit: 4 }, filters: [{ property: 'plan', op: 'eq', value: 'free' }] },
  { ...base, metric: 'uniq', interval: 'hour', timeZone: 'Asia/Kolkata', from: DAY1 + 5 * HOUR, to: DAY1 + 53 * HOUR, groupBy: { property: 'plan', limit: 1 } },
  { ...base, metric: 'uniq', interval: 'day', groupBy: { property: 'nowhere', limit: 5 } },
];

const steps = [{ event: '$pageview' }, { event: 'click' }, { event: '$pageview', filters: [{ property: 'plan', op: 'eq' as const, value: 'pro' }] }];
const tenDays = { projectId: PROJECT, from: DAY1, to: DAY1 + 10 * 24 * HOUR };
const FUNNELS: FunnelQuery[] = [
  { ...tenDays, steps, windowMs: 48 * HOUR },
  { ...tenDays, steps, windowMs: 48 * HOUR, groupBy: { property: 'path', limit: 4 } },
  { ...tenDays, steps: steps.slice(0, 2), windowMs: 6 * HOUR, groupBy: { property: 'plan', limit: 1 } },
  { ...tenDays, steps: steps.slice(0, 2), windowMs: 6 * HOUR, groupBy: { property: 'nowhere', limit: 3 } },
];

describe('person parts', () => {
  it('puts every part number in exactly one of 1 to 16 parts', () => {
    for (let count = 1; count <= PERSON_PARTS; count += 1) {
      const numbers = personParts(count).flatMap(partNumbers);
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: PERSON_PARTS }, (_, n) => n));
    }
  });

  it('makes no more parts than there are part numbers', () => {
    expect(personParts(64)).toHaveLength(PERSON_PARTS);
    expect(personParts(0)).toEqual([{ index: 0, count: 1 }]);
  });
});

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

for (const kind of selectedDatabases().filter((name) => name !== 'memory')) {
  const available = await databaseAvailable(kind);
  describe.skipIf(!available)(`person parts on ${kind}`, { timeout: 60_000 }, () => {
    const opened = (async () => {
      const database = kind === 'mysql' ? await createMysqlDatabase('parts') : await createSqliteDatabase();
      cleanups.push(database.drop);
      const { db, dialect } = await openKnex({ url: database.url });
      cleanups.unshift(() => db.destroy());
      const storage = await createSqlStorage({ knex: db });
      await storage.eventLog.appendEvents(dataset());
      return { db, dialect, storage };
    })();

    it('has the database compute each event’s part from its person key, and move it with a link', async () => {
      const { db, dialect, storage } = await opened;
      await storage.people.linkDevice(PROJECT, 'device-3', 'user-linked');
      // the key as text: a 64-bit integer is no JS number
      const rows = await db('ns_events')
        .where('project_id', PROJECT)
        .select<{ person_key: string | null; person_part: number | string }[]>(db.raw(`${dialect.integerText('person_key')} AS person_key`), 'person_part');
      expect(rows).toHaveLength(402);
      expect(rows.filter((row) => row.person_key === null)).toHaveLength(2);
      for (const row of rows) expect(Number(row.person_part)).toBe(row.person_key === null ? 0 : Number(BigInt(row.person_key) & 15n));
      expect(new Set(rows.map((row) => Number(row.person_part))).size).toBeGreaterThan(8);
    });

    it('answers grouped uniq and total cut into 2, 3 and 16 parts as one statement and as memory do', async () => {
      const { db, dialect, storage } = await opened;
      const memory = createMemoryStorage();
      await memory.eventLog.appendEvents(dataset());
      await memory.people.linkDevice(PROJECT, 'device-3', 'user-linked');
      for (const query of QUERIES) {
        const whole = await aggregate(db, dialect, query, 1);
        expect(rowTable(await storage.queryEngine.run({ kind: 'segmentation', ...query }))).toEqual(
          rowTable(await memory.queryEngine.run({ kind: 'segmentation', ...query })),
        );
        for (const parallelism of [2, 3, 16])
          expect(await aggregate(db, dialect, query, parallelism), `${parallelism} parts: ${JSON.stringify(query)}`).toEqual(expect.arrayContaining(whole));
        for (const parallelism of [2, 3, 16]) expect(await aggregate(db, dialect, query, parallelism)).toHaveLength(whole.length);
      }
      await memory.dispose();
    });

    it('answers funnels, grouped by a slotted property or not, cut into 2, 3 and 16 parts as one statement and as memory do', async () => {
      const { db, dialect } = await opened;
      const memory = createMemoryStorage();
      await memory.eventLog.appendEvents(dataset());
      await memory.people.linkDevice(PROJECT, 'device-3', 'user-linked');
      for (const query of FUNNELS) {
        const whole = await funnel(db, dialect, query, 1);
        expect(whole, JSON.stringify(query)).toEqual(await memory.queryEngine.run({ kind: 'funnel', ...query }));
        for (const parallelism of [2, 3, 16])
          expect(await funnel(db, dialect, query, parallelism), `${parallelism} parts: ${JSON.stringify(query)}`).toEqual(whole);
      }
      await memory.dispose();
    });

    it('answers a cut funnel in one statement when a part has more rows than it may return', async () => {
      const { db, dialect } = await opened;
      const query = FUNNELS[1]!;
      expect(await funnel(db, dialect, query, 2, 3)).toEqual(await funnel(db, dialect, query, 1));
    });

    it('names the person parts in every read of a time range of ns_events, so that it is a range of the time index', async () => {
      const { db, storage } = await opened;
      const statements: string[] = [];
      const record = (query: { sql: string }) => void statements.push(query.sql);
      db.on('query', record);
      const ten = { projectId: PROJECT, from: DAY1, to: DAY1 + 10 * 24 * HOUR };
      const pro = [{ property: 'plan', op: 'eq' as const, value: 'pro' }];
      const segmentation = (query: Omit<AggregateQuery, 'projectId' | 'from' | 'to'>) => storage.queryEngine.run({ kind: 'segmentation', ...ten, ...query });
      try {
        await segmentation({ events: ['$pageview'], metric: 'uniq', interval: 'day', filters: pro });
        await segmentation({ events: ['$pageview'], metric: 'p90', property: 'n', interval: 'hour', timeZone: 'Europe/Berlin' });
        await segmentation({ events: ['$pageview'], metric: 'avg', property: 'n', interval: 'day', groupBy: { property: 'path', limit: 3 } });
        await segmentation(QUERIES[0]!);
        await segmentation({ events: ['$pageview'], metric: 'wau', interval: 'day', filters: pro, groupBy: { property: 'path', limit: 2 } });
        const steps = [{ event: '$pageview' }, { event: 'click', filters: pro }];
        await storage.queryEngine.run({ kind: 'funnel', ...ten, steps, windowMs: 24 * HOUR });
        await storage.queryEngine.run({ kind: 'funnel', ...ten, steps, windowMs: 24 * HOUR, groupBy: { property: 'plan', limit: 2 } });
        for (const timeZone of ['UTC', 'Europe/Berlin'])
          for (const period of ['day', 'week'] as const)
            await storage.queryEngine.run({
              kind: 'retention',
              ...ten,
              start: { event: '$pageview' },
              return: { event: 'click' },
              period,
              periods: 3,
              timeZone,
            });
        await storage.queryEngine.run({ kind: 'events', projectId: PROJECT, events: ['click'], since: DAY1 });
        await storage.queryEngine.run({ kind: 'sessionEventCounts', ...ten, sessionIds: ['s1'], events: ['click'] });
      } finally {
        db.removeListener('query', record);
      }
      // each reference to the table, with the text up to the next one: its conditions
      const reads = statements.flatMap((sql) => sql.split(/\bns_events\b/).slice(1));
      const timed = reads.filter((read) => /\bts`?\s*(>=|<|BETWEEN)/i.test(read.split(/\bns_person_days\b/)[0]!));
      expect(timed.length).toBeGreaterThan(15);
      for (const read of timed) expect(read.split(/\bns_person_days\b/)[0]).toMatch(/person_part`? in \(/i);
    });

    it('answers in one statement when a part has more rows than it may return', async () => {
      const { db, dialect } = await opened;
      const query = QUERIES[0]!;
      const reader = await slotReader(db, dialect, PROJECT);
      const one = await groupedCounts(db, dialect, query, reader, 3);
      const fallback = await groupedCountParts(db, dialect, query, reader, 3, 2, 5);
      // one statement's rows, in whatever order the database gives them
      expect(fallback).toHaveLength(one.length);
      expect(fallback).toEqual(expect.arrayContaining(one));
    });
  });
}
