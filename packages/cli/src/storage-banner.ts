import { portLabels } from './storage/database-ports.js';
import type { OpenedDatabase } from './storage/storage-from-url.js';

const LABEL = '  Storage       ';
const INDENT = ' '.repeat(LABEL.length);

/**
 * The banner's `Storage` line of `start` and `worker`: `describe` of the one database in use, or, when
 * the ports come from several, one line per database saying which parts of the data it holds.
 */
export function storageBanner(databases: readonly OpenedDatabase[], describe: (database: OpenedDatabase) => string): string {
  if (databases.length === 1) return `${LABEL}${databases.map(describe).join('')}`;
  return databases.map((database, i) => `${i === 0 ? LABEL : INDENT}${describe(database)}: ${portLabels(database.ports)}`).join('\n');
}
