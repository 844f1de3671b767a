import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { insertIgnore, rowsPerStatement } from './insert-ignore.js';
import type { KeyedEvent } from './insert-events.js';

const USER_COLUMNS = ['project_id', 'user_id'];

/** User ids one process remembers in all, per database (some 20 MB at 100 bytes each); past that it starts over. */
export const KNOWN_USERS = 200_000;

/** The user ids of one project this process knows are in `ns_users`, true while the project's `forgets` count is `forgets`. */
interface ProjectUsers {
  forgets: number;
  ids: Set<string>;
}

/** What one process knows of a database (knex pool): per project, and how many ids in all. */
interface KnownUsers {
  projects: Map<number, ProjectUsers>;
  total: number;
}

const knownByDb = new WeakMap<Knex, KnownUsers>();

function knownUsers(db: Knex): KnownUsers {
  let known = knownByDb.get(db);
  if (!known) {
    known = { projects: new Map(), total: 0 };
    knownByDb.set(db, known);
  }
  return known;
}

/** The distinct user ids of the stored events, per project. */
function userIdsOf(stored: readonly KeyedEvent[]): Map<number, Set<string>> {
  const byProject = new Map<number, Set<string>>();
  for (const { event } of stored) {
    if (event.user_id === null) continue;
    let ids = byProject.get(event.project_id);
    if (!ids) {
      ids = new Set();
      byProject.set(event.project_id, ids);
    }
    ids.add(event.user_id);
  }
  return byProject;
}

/**
 * The registry of user ids (`ns_users`, one row per project and user id; migration 0005), which
 * `listUsers` reads instead of an index on `ns_events`, kept by `appendEvents`: one per append
 * attempt. Most appends carry users that are registered already, and an `INSERT IGNORE` of them
 * costs the database a lookup and a lock each (a tenth of its ingest work): the ids this process
 * saw registered are skipped while their project's `forgets` count (migration 0012, raised by every
 * deletion of user ids) is the one they were seen at. That count is read under the lock of the
 * data version's bump, so a deletion commits either wholly before this transaction (the count moved:
 * every id is offered again) or after it (it deletes what this transaction stored as well).
 */
export class UserRegistration {
  private readonly known: KnownUsers;
  private readonly seen: { projectId: number; forgets: number; ids: Set<string> }[] = [];

  constructor(db: Knex) {
    this.known = knownUsers(db);
  }

  /**
   * Registers the user ids of `stored` that this process does not know under `forgets` (each stored
   * project's count, as the bump answered it), with one multi-row `INSERT IGNORE` in key order so
   * concurrent writers lock in one order.
   */
  async register(trx: Knex.Transaction, dialect: SqlDialect, stored: readonly KeyedEvent[], forgets: ReadonlyMap<number, number>): Promise<void> {
    const rows: [number, string][] = [];
    for (const [projectId, ids] of userIdsOf(stored)) {
      const count = forgets.get(projectId) ?? 0;
      const entry = this.known.projects.get(projectId);
      const registered = entry?.forgets === count ? entry.ids : undefined;
      for (const id of ids) if (!registered?.has(id)) rows.push([projectId, id]);
      this.seen.push({ projectId, forgets: count, ids });
    }
    rows.sort(([pa, ua], [pb, ub]) => pa - pb || (ua < ub ? -1 : ua > ub ? 1 : 0));
    const size = rowsPerStatement(dialect, USER_COLUMNS.length);
    for (let i = 0; i < rows.length; i += size) await insertIgnore(trx, dialect, 'ns_users', USER_COLUMNS, rows.slice(i, i + size));
  }

  /** Once the transaction committed: remembers its user ids, unless a later count of their project was seen meanwhile. */
  committed(): void {
    const { projects } = this.known;
    for (const { projectId, forgets, ids } of this.seen) {
      let entry = projects.get(projectId);
      if (entry && entry.forgets > forgets) continue;
      if (!entry || entry.forgets < forgets) {
        this.known.total -= entry?.ids.size ?? 0;
        entry = { forgets, ids: new Set() };
        projects.set(projectId, entry);
      }
      for (const id of ids) {
        if (entry.ids.has(id)) continue;
        if (this.known.total >= KNOWN_USERS) {
          // forgetting costs only an INSERT IGNORE of ids that are there: start over rather than track age
          for (const other of projects.values()) other.ids.clear();
          this.known.total = 0;
        }
        entry.ids.add(id);
        this.known.total += 1;
      }
    }
  }
}
