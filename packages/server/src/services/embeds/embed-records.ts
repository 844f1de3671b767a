import type { DocumentRecord } from '../../ports/index.js';
import { embedRecordSchema } from '../../schemas/embed.js';
import type { EmbedRecordData, EmbedView } from '../../schemas/embed.js';

/** The record of an embed document; undefined when its data is not one (never written by this server). */
export function embedRecordOf(document: DocumentRecord): EmbedRecordData | undefined {
  const parsed = embedRecordSchema.safeParse(document.data);
  return parsed.success ? parsed.data : undefined;
}

/** An embed token as listed: its record with the document's id, project and creation time. */
export function embedView(document: DocumentRecord, record: EmbedRecordData): EmbedView {
  return { id: document.id, project_id: document.project_id, ...record, created_at: document.created_at };
}
