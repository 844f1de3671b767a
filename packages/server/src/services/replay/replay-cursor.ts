import { BadRequestError } from '../../errors/index.js';

/** A session listing cursor: `(startedAt, sessionId)` of the last session of a page. */
export interface ReplaySessionCursor {
  startedAt: number;
  sessionId: string;
}

/** The cursor as the base64url of the JSON `[startedAt, sessionId]` (a session id may hold any character). */
export function encodeSessionCursor(cursor: ReplaySessionCursor): string {
  return Buffer.from(JSON.stringify([cursor.startedAt, cursor.sessionId])).toString('base64url');
}

export function decodeSessionCursor(text: string): ReplaySessionCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === 'string' && value[1] !== '') {
    return { startedAt: value[0] as number, sessionId: value[1] };
  }
  throw new BadRequestError('before is not a cursor of this list');
}
