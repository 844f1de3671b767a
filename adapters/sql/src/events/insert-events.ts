import type { Knex } from 'knex';
import type { StoredEvent } from '@northstar/server';
import type { SqlDialect, SqlValue } from '../dialects/sql-dialect.js';
import { MAX_STATEMENT_BYTES, insertIgnoreReturning, rowsPerStatement } from './insert-ignore.js';
import { SLOT_COLUMNS } from './slot-cells.js';
import type { SlotCellWriter } from './slot-cells.js';

/** The columns of `ns_events` an insert writes (`id` is assigned by the database). */
const EVENT_COLUMNS = [
  'project_id',
  'uuid',
  'event_name',
  'user_id',
  'device_id',
  'session_id',
  'person_key',
  'ts',
  'received_at',
  'str_props',
  'num_props',
] as const;

/** An event this call stored, with its person key: what the rollups are built from. */
export interface KeyedEvent {
  event: StoredEvent;
  personKey: string | null;
}

interface Statement {
  first: number;
  rows: SqlValue[][];
  bytes: number;
}

const textLength = (text: string | null) => (text === null ? 0 : text.length);

/**
 * The events' values, split into statements of at most `rowsPerStatement` rows and about
 * `MAX_STATEMENT_BYTES` (a UTF-16 unit is at most 3 bytes of UTF-8, or 2 once escaped).
 */
function statementsOf(
  dialect: SqlDialect,
  events: readonly StoredEvent[],
  keys: readonly (string | null)[],
  slots: SlotCellWriter | undefined,
  slotColumns: readonly number[],
): Statement[] {
  const maxRows = rowsPerStatement(dialect, EVENT_COLUMNS.length + slotColumns.length);
  const statements: Statement[] = [];
  let current: Statement = { first: 0, rows: [], bytes: 0 };
  events.forEach((event, i) => {
    const strProps = JSON.stringify(event.str_properties);
    const numProps = JSON.stringify(event.num_properties);
    const text =
      event.event_name.length + textLength(event.user_id) + textLength(event.device_id) + textLength(event.session_id) + strProps.length + numProps.length;
    const bytes = 3 * text + 350;
    const rows = current.rows.length;
    if (rows > 0 && (rows >= maxRows || current.bytes + bytes > MAX_STATEMENT_BYTES)) {
      statements.push(current);
      current = { first: i, rows: [], bytes: 0 };
    }
    current.bytes += bytes;
    const row: SqlValue[] = [
      event.project_id,
      event.uuid,
      event.event_name,
      event.user_id,
      event.device_id,
      event.session_id,
      keys[i] ?? null,
      event.timestamp,
      event.received_at,
      strProps,
      numProps,
    ];
    slots?.appendCells(row, event, slotColumns);
    current.rows.push(row);
  });
  if (events.length > 0) statements.push(current);
  return statements;
}

/**
 * Multi-row `INSERT IGNORE ... RETURNING project_id, uuid` of `events` (unique by `(project_id,
 * uuid)` within the call; the caller dropped repeats), their person keys and, with `slots`, their
 * property slot cells (the dictionary rows they need collect in `slots.fresh`): the SQL text is built once per statement from
 * placeholders, the values bound. Returns exactly the events this call stored — a row already present
 * (from an earlier call, or another writer's open transaction, which the insert waits for) is skipped
 * and not returned.
 */
export async function insertEvents(
  trx: Knex.Transaction,
  dialect: SqlDialect,
  events: readonly StoredEvent[],
  keys: readonly (string | null)[],
  slots?: SlotCellWriter,
): Promise<KeyedEvent[]> {
  const stored: KeyedEvent[] = [];
  // The slot columns the batch's projects hold (a column nobody's key fills is left out of the statement).
  const slotColumns = slots ? slots.columnsOf(events.map((event) => event.project_id)) : [];
  const columns = [...EVENT_COLUMNS, ...slotColumns.map((i) => SLOT_COLUMNS[i]!)];
  for (const statement of statementsOf(dialect, events, keys, slots, slotColumns)) {
    const count = statement.rows.length;
    const rows = statement.rows;
    const returned = await insertIgnoreReturning<{ project_id: number | string; uuid: string }>(trx, dialect, 'ns_events', columns, rows, [
      'project_id',
      'uuid',
    ]);
    // Every row came back (the usual case): no need to match them up.
    const fresh = returned.length === count ? undefined : new Set(returned.map((row) => `${Number(row.project_id)}\u0000${row.uuid}`));
    events.slice(statement.first, statement.first + count).forEach((event, offset) => {
      if (fresh === undefined || fresh.has(`${event.project_id}\u0000${event.uuid}`)) stored.push({ event, personKey: keys[statement.first + offset] ?? null });
    });
  }
  return stored;
}
