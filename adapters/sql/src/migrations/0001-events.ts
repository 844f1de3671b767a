import type { Knex } from 'knex';
import type { SqlDialect } from '../dialect.js';
import { binaryCollation, tableOptions } from './migration.js';
import type { SqlMigration } from './migration.js';

/** Ids are at most 200 characters (LIMITS); a person key is a 64-bit hash (events/event-rows.ts). */
const ID = 200;

/**
 * The event side: raw events, the two rollups kept in the insert's transaction (see docs/decisions.md,
 * "Storage: events schema and rollups"), device links, user properties and replay chunks.
 */
export const eventsMigration: SqlMigration = {
  name: '0001-events',
  async up(db: Knex, dialect: SqlDialect) {
    const collation = dialect === 'mysql' ? await binaryCollation(db) : '';
    const json = dialect === 'mysql' ? 'longtext' : 'text';
    const blob = dialect === 'mysql' ? 'longblob' : 'blob';

    await db.schema.createTable('ns_events', (t) => {
      tableOptions(t, dialect, collation);
      t.bigIncrements('id');
      t.integer('project_id').unsigned().notNullable();
      // ascii on MySQL: a 36-byte key in the unique index instead of 144 (utf8mb4)
      if (dialect === 'mysql') t.specificType('uuid', 'char(36) character set ascii collate ascii_bin').notNullable();
      else t.string('uuid', 36).notNullable();
      t.string('event_name', ID).notNullable();
      t.string('user_id', ID).nullable();
      t.string('device_id', ID).nullable();
      t.string('session_id', ID).nullable();
      t.bigInteger('person_key').nullable();
      t.bigInteger('ts').notNullable();
      t.bigInteger('received_at').notNullable();
      t.specificType('str_props', json).notNullable();
      t.specificType('num_props', json).notNullable();
      t.unique(['project_id', 'uuid'], { indexName: 'ns_events_project_uuid' });
      t.index(['project_id', 'event_name', 'ts', 'person_key'], 'ns_events_project_event_ts');
      t.index(['project_id', 'person_key'], 'ns_events_project_person');
    });

    await db.schema.createTable('ns_person_days', (t) => {
      tableOptions(t, dialect, collation);
      t.integer('project_id').unsigned().notNullable();
      t.string('event_name', ID).notNullable();
      t.integer('day').notNullable();
      t.bigInteger('person_key').notNullable();
      t.primary(['project_id', 'event_name', 'day', 'person_key']);
    });

    await db.schema.createTable('ns_daily_counts', (t) => {
      tableOptions(t, dialect, collation);
      t.integer('project_id').unsigned().notNullable();
      t.string('event_name', ID).notNullable();
      t.integer('day').notNullable();
      t.bigInteger('total').notNullable();
      t.bigInteger('uniq').notNullable();
      t.primary(['project_id', 'event_name', 'day']);
    });

    await db.schema.createTable('ns_device_links', (t) => {
      tableOptions(t, dialect, collation);
      t.integer('project_id').unsigned().notNullable();
      t.string('device_id', ID).notNullable();
      t.string('user_id', ID).notNullable();
      t.bigInteger('created_at').notNullable();
      t.primary(['project_id', 'device_id']);
    });

    await db.schema.createTable('ns_user_properties', (t) => {
      tableOptions(t, dialect, collation);
      t.integer('project_id').unsigned().notNullable();
      t.string('user_id', ID).notNullable();
      t.specificType('properties', json).notNullable();
      t.bigInteger('updated_at').notNullable();
      t.primary(['project_id', 'user_id']);
    });

    await db.schema.createTable('ns_replay_chunks', (t) => {
      tableOptions(t, dialect, collation);
      t.integer('project_id').unsigned().notNullable();
      t.string('session_id', ID).notNullable();
      t.integer('seq').unsigned().notNullable();
      t.specificType('data', blob).notNullable();
      t.boolean('is_text').notNullable();
      t.bigInteger('ts').notNullable();
      t.string('device_id', ID).nullable();
      t.string('user_id', ID).nullable();
      t.primary(['project_id', 'session_id', 'seq']);
    });
  },
};
