import type { DocumentKind, DocumentRecord } from '@northstar/server';
import { parseJson, toIso, toNumber } from './sql-values.js';

type Epoch = number | string;

/** A row of `ns_documents`. */
export interface DocumentRow {
  id: number;
  project_id: number;
  kind: string;
  doc_key: string | null;
  parent_id: number | null;
  data: string;
  version: number;
  created_at: Epoch;
  updated_at: Epoch;
}

export const toDocument = (row: DocumentRow): DocumentRecord => ({
  id: toNumber(row.id),
  project_id: toNumber(row.project_id),
  kind: row.kind as DocumentKind,
  key: row.doc_key,
  parent_id: row.parent_id === null ? null : toNumber(row.parent_id),
  data: parseJson(row.data),
  version: toNumber(row.version),
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
});
