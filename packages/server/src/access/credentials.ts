import type { Request } from 'express';
import { API_KEY_HEADER } from '@northstar/core';

/** The token of `Authorization: Bearer <token>`, if any. */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `api_key` field of a body, for sendBeacon which cannot set headers. */
export function apiKeyFromBody(body: unknown): string | undefined {
  return isRecord(body) && typeof body.api_key === 'string' ? body.api_key : undefined;
}

/** An SDK key from `X-API-Key`, then `Authorization: Bearer`, then the body's `api_key` (sendBeacon). */
export function sdkKeyFrom(req: Request, bodyKey: string | undefined): string | undefined {
  const header = req.get(API_KEY_HEADER)?.trim();
  return header || bearerToken(req) || bodyKey;
}
