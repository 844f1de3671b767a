import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import type { SqlMigration } from './migration.js';

/** Selectors are at most 1000 characters (core's `parseHeatmapPayload`). */
const SELECTOR = 1000;
/** Scroll reach steps 0..20 and attention bands 0..19 (core's `HEATMAP_SCROLL_STEPS`, `HEATMAP_ATTENTION_BANDS`). */
export const HEATMAP_SCROLL_COLUMNS = Array.from({ length: 21 }, (_, step) => `s${step}`);
export const HEATMAP_ATTENTION_COLUMNS = Array.from({ length: 20 }, (_, band) => `a${band}`);

/**
 * Heatmap rollups, kept in the insert's transaction for the `$heatmap` events really stored (see
 * docs/heatmaps.md). Per (project, width bucket, UTC day, page):
 * - `ns_heatmap_pages`: one row: page views per scroll reach step (`s0`..`s20`) and attention ms per
 *   band (`a0`..`a19`); also the directory of the pages a URL pattern is matched against;
 * - `ns_heatmap_clicks`: one row per (selector, x cell, y cell) with its click count (its page's
 *   text is in the page row of the same key, which every `$heatmap` event writes).
 * A pathname (up to 8,192 characters) or a selector (up to 1,000) is too long for an InnoDB key
 * (3,072 bytes, 4 a character), so the keys hold a 53-bit hash of each (`path_hash`,
 * `selector_hash`; events/heatmap-keys.ts) and the rows keep the text, compared byte for byte (the
 * binary collation).
 */
export const heatmapsMigration: SqlMigration = {
  name: '0006-heatmaps',
  async up(db: Knex, dialect: SqlDialect) {
    const style = await dialect.schemaStyle(db);

    await db.schema.createTable('ns_heatmap_pages', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.integer('width').notNullable();
      t.integer('day').notNullable();
      t.bigInteger('path_hash').notNullable();
      t.text('path').notNullable();
      for (const column of [...HEATMAP_SCROLL_COLUMNS, ...HEATMAP_ATTENTION_COLUMNS]) t.bigInteger(column).notNullable();
      t.primary(['project_id', 'width', 'day', 'path_hash']);
    });

    await db.schema.createTable('ns_heatmap_clicks', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.integer('width').notNullable();
      t.integer('day').notNullable();
      t.bigInteger('path_hash').notNullable();
      t.bigInteger('selector_hash').notNullable();
      t.smallint('x').notNullable();
      t.smallint('y').notNullable();
      t.string('selector', SELECTOR).notNullable();
      t.bigInteger('clicks').notNullable();
      t.primary(['project_id', 'width', 'day', 'path_hash', 'selector_hash', 'x', 'y']);
    });
  },
};
