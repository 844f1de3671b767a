import type { RequestHandler } from 'express';
import type { SecretKeyScope } from '@northstar/core';
import { ForbiddenError, UnauthorizedError } from '../errors/index.js';
import { authenticateApiKey } from '../keys/authenticate-key.js';
import { keyHasScope } from '../keys/scopes.js';
import type { ApiKeyRecord, StorageAdapter } from '../ports/index.js';
import { runEventQuery } from '../services/query-service.js';
import { bearerToken } from './credentials.js';

interface SecretKeyLocals {
  apiKey: ApiKeyRecord;
}

/** Requires `Authorization: Bearer sk_...` holding `scope` (or admin); runs before the body is read. */
export function requireSecretKey(storage: StorageAdapter, scope: SecretKeyScope): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw new UnauthorizedError('Missing secret key: send Authorization: Bearer sk_...');
    const key = await authenticateApiKey(storage.config, token);
    if (!key) throw new UnauthorizedError('Invalid API key');
    if (key.kind !== 'sk') throw new ForbiddenError('SDK keys can only send events; use a secret key');
    if (!keyHasScope(key, scope)) throw new ForbiddenError(`This key lacks the ${scope} scope`);
    (res.locals as SecretKeyLocals).apiKey = key;
    next();
  };
}

/** `POST /v1/api/query/events` and its alias `POST /v1/query/events`. */
export function eventQueryHandler(storage: StorageAdapter): RequestHandler {
  return async (req, res) => {
    const { apiKey } = res.locals as SecretKeyLocals;
    res.json(await runEventQuery(storage.events, apiKey, req.body));
  };
}
