import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
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
    const style = await dialect.schemaStyle(db);

    await db.schema.createTable('ns_events', (t) => {
      style.tableOptions(t);
      t.bigIncrements('id');
      t.integer('project_id').unsigned().notNullable();
      style.asciiId(t, 'uuid', 36).notNullable();
      t.string('event_name', ID).notNullable();
      t.string('user_id', ID).nullable();
      t.string('device_id', ID).nullable();
      t.string('session_id', ID).nullable();
      t.bigInteger('person_key').nullable();
      t.bigInteger('ts').notNullable();
      t.bigInteger('received_at').notNullable();
      t.specificType('str_props', style.jsonType).notNullable();
      t.specificType('num_props', style.jsonType).notNullable();
      t.unique(['project_id', 'uuid'], { indexName: 'ns_events_project_uuid' });
      t.index(['project_id', 'event_name', 'ts', 'person_key'], 'ns_events_project_event_ts');
      t.index(['project_id', 'person_key'], 'ns_events_project_person');
    });

    await db.schema.createTable('ns_person_days', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.string('event_name', ID).notNullable();
      t.integer('day').notNullable();
      t.bigInteger('person_key').notNullable();
      t.primary(['project_id', 'event_name', 'day', 'person_key']);
    });

    await db.schema.createTable('ns_daily_counts', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.string('event_name', ID).notNullable();
      t.integer('day').notNullable();
      t.bigInteger('total').notNullable();
      t.bigInteger('uniq').notNullable();
      t.primary(['project_id', 'event_name', 'day']);
    });

    await db.schema.createTable('ns_device_links', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.string('device_id', ID).notNullable();
      t.string('user_id', ID).notNullable();
      t.bigInteger('created_at').notNullable();
      t.primary(['project_id', 'device_id']);
    });

    await db.schema.createTable('ns_user_properties', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.string('user_id', ID).notNullable();
      t.specificType('properties', style.jsonType).notNullable();
      t.bigInteger('updated_at').notNullable();
      t.primary(['project_id', 'user_id']);
    });

    await db.schema.createTable('ns_replay_chunks', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.string('session_id', ID).notNullable();
      t.integer('seq').unsigned().notNullable();
      t.specificType('data', style.blobType).notNullable();
      t.boolean('is_text').notNullable();
      t.bigInteger('ts').notNullable();
      t.string('device_id', ID).nullable();
      t.string('user_id', ID).nullable();
      t.primary(['project_id', 'session_id', 'seq']);
    });
  },
};
