import { gunzipSync } from 'node:zlib';
import type { StorageAdapter, StoragePorts } from '@northstar/server';

/** A variable, so that type-checking does not need the adapter's sources; e2e runs on the build. */
const SQL_ADAPTER = '@northstar/adapter-sql';

interface SqlAdapterModule {
  createSqlStorage(options: { url: string; migrate?: boolean }): Promise<StorageAdapter & Pick<StoragePorts, 'replays'>>;
}

/** An rrweb event as stored. */
export interface StoredReplayEvent {
  type: number;
  timestamp: number;
  data?: unknown;
}

/** One stored chunk, decompressed. */
export interface StoredReplayChunk {
  seq: number;
  events: StoredReplayEvent[];
}

/** The chunks the database at `databaseUrl` holds for the session, in order, read through the SQL adapter and gunzipped. */
export async function storedReplay(databaseUrl: string, projectId: number, sessionId: string): Promise<StoredReplayChunk[]> {
  const sql = (await import(SQL_ADAPTER)) as SqlAdapterModule;
  const storage = await sql.createSqlStorage({ url: databaseUrl, migrate: false });
  try {
    const chunks = await storage.replays.listReplayChunks(projectId, sessionId);
    return chunks.map((chunk) => ({
      seq: chunk.seq,
      events: JSON.parse(typeof chunk.data === 'string' ? chunk.data : gunzipSync(chunk.data).toString('utf8')) as StoredReplayEvent[],
    }));
  } finally {
    await storage.dispose();
  }
}

/** Each chunk in brief, for a failure message: its seq, its events' types, and the time of its last event. */
export const describeChunks = (chunks: StoredReplayChunk[]): string =>
  JSON.stringify(chunks.map((c) => ({ seq: c.seq, types: c.events.map((e) => e.type).join(''), last: c.events.at(-1)?.timestamp })));
