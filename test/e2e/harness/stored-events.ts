import type { StorageAdapter, StoragePorts } from '@northstar/server';

/** A variable, so that type-checking does not need the adapter's sources; e2e runs on the build. */
const SQL_ADAPTER = '@northstar/adapter-sql';

interface SqlAdapterModule {
  createSqlStorage(options: { url: string; migrate?: boolean }): Promise<StorageAdapter & Pick<StoragePorts, 'eventLog'>>;
}

/** The uuids of `uuids` that the database at `databaseUrl` does not hold for the project, read through the SQL adapter. */
export async function missingEvents(databaseUrl: string, projectId: number, uuids: string[]): Promise<string[]> {
  const sql = (await import(SQL_ADAPTER)) as SqlAdapterModule;
  const storage = await sql.createSqlStorage({ url: databaseUrl, migrate: false });
  try {
    const missing: string[] = [];
    for (let i = 0; i < uuids.length; i += 50) {
      const chunk = uuids.slice(i, i + 50);
      const found = await Promise.all(chunk.map((uuid) => storage.eventLog.getEvent(projectId, uuid)));
      found.forEach((event, index) => {
        if (!event) missing.push(chunk[index] ?? '');
      });
    }
    return missing;
  } finally {
    await storage.dispose();
  }
}
