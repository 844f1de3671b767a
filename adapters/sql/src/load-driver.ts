/** The modules the SQL adapter loads on demand (optional peer dependencies). */
export type DriverName = 'knex' | 'mysql2' | 'better-sqlite3';

/** Loads a driver module; tests pass their own to simulate a missing package. @default (name) => import(name) */
export type DriverLoader = (name: DriverName) => Promise<unknown>;

export const importDriver: DriverLoader = (name) => import(name);

const PURPOSE: Record<DriverName, string> = {
  knex: 'The SQL storage adapter needs the knex package',
  mysql2: 'The mysql dialect needs the mysql2 package',
  'better-sqlite3': 'The sqlite dialect needs the better-sqlite3 package',
};

function isModuleNotFound(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/** Loads `name`; a missing package becomes an Error that says which one to install. */
export async function loadDriver(name: DriverName, load: DriverLoader = importDriver): Promise<unknown> {
  try {
    return await load(name);
  } catch (error) {
    if (isModuleNotFound(error)) throw new Error(`${PURPOSE[name]}: npm install ${name}`, { cause: error });
    throw error;
  }
}
