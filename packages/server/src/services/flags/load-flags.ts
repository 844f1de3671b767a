import type { ConfigStore, DocumentRecord } from '../../ports/index.js';
import { flagDataSchema } from '../../schemas/index.js';
import type { FlagData } from '../../schemas/index.js';
import { listAllDocuments } from '../list-all-documents.js';

/**
 * A flag document's data, with the document key as the flag key; undefined when the stored data is not
 * a valid flag (written around the API), which then evaluates like an unknown flag.
 */
export function flagOf(document: DocumentRecord): FlagData | undefined {
  const parsed = flagDataSchema.safeParse({ ...document.data, key: document.key ?? document.data.key });
  return parsed.success ? parsed.data : undefined;
}

/** The project's flags named by `keys` (missing or invalid ones left out), or all of them without `keys`. */
export async function loadFlags(config: ConfigStore, projectId: number, keys?: readonly string[]): Promise<Map<string, FlagData>> {
  const documents = keys
    ? (await Promise.all([...new Set(keys)].map((key) => config.findDocumentByKey(projectId, 'flag', key)))).filter((doc) => doc !== undefined)
    : await listAllDocuments(config, projectId, 'flag');
  const flags = new Map<string, FlagData>();
  for (const document of documents) {
    const flag = flagOf(document);
    if (flag) flags.set(flag.key, flag);
  }
  return flags;
}
