import { SignJWT } from 'jose';
import { ACCESS_TOKEN_ISSUER } from './access-token.js';
import { verifiedPayload } from './verify-jwt.js';

/** `aud` of every embed token: never the access tokens' `northstar-api`, so neither passes for the other. */
export const EMBED_TOKEN_AUDIENCE = 'northstar-embed';
/** `typ` header, checked on verify (an access token carries `at+jwt`). */
const TOKEN_TYPE = 'embed+jwt';
const ALGORITHM = 'HS256';
/** Longer paths are refused before any parsing; a minted token is about 300 characters. */
const MAX_TOKEN_LENGTH = 1024;

/** What an embed token opens: a whole dashboard, or one widget of it. */
export type EmbedObject = { kind: 'dashboard'; dashboardId: number } | { kind: 'widget'; dashboardId: number; widgetId: string };

/** The claims of a verified embed token. */
export interface EmbedClaims {
  projectId: number;
  object: EmbedObject;
  /** The token id (`jti`): the key of its embed record, which says whether it was revoked. */
  tokenId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** Signs and verifies embed tokens (HS256, the JWT secret of the access tokens, another audience and `typ`). */
export interface EmbedTokenService {
  sign(claims: EmbedClaims): Promise<string>;
  /** The claims of a token whose signature, algorithm, `typ`, `iss`, `aud`, `exp` and claims check out; undefined otherwise. */
  verify(token: string): Promise<EmbedClaims | undefined>;
}

const ID = /^[1-9]\d{0,9}$/;
const TOKEN_ID = /^[A-Za-z0-9_-]{16,64}$/;

function positiveId(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && ID.test(String(id)) ? id : undefined;
}

/** The object of verified claims: `dsh` the dashboard id, `wid` the widget id of a widget token. */
function objectOf(payload: Record<string, unknown>): EmbedObject | undefined {
  const dashboardId = positiveId(payload.dsh);
  if (dashboardId === undefined) return undefined;
  if (payload.obj === 'dashboard' && payload.wid === undefined) return { kind: 'dashboard', dashboardId };
  if (payload.obj === 'widget' && typeof payload.wid === 'string' && payload.wid !== '') return { kind: 'widget', dashboardId, widgetId: payload.wid };
  return undefined;
}

export function createEmbedTokenService(options: { secret: Uint8Array; clock: () => number }): EmbedTokenService {
  const { secret, clock } = options;
  return {
    sign({ projectId, object, tokenId, expiresAt }) {
      const claims = { pid: projectId, obj: object.kind, dsh: object.dashboardId, ...(object.kind === 'widget' && { wid: object.widgetId }) };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(EMBED_TOKEN_AUDIENCE)
        .setJti(tokenId)
        .setIssuedAt(Math.floor(clock() / 1000))
        .setExpirationTime(expiresAt)
        .sign(secret);
    },
    async verify(token) {
      const check = {
        typ: TOKEN_TYPE,
        issuer: ACCESS_TOKEN_ISSUER,
        audience: EMBED_TOKEN_AUDIENCE,
        requiredClaims: ['jti', 'iat', 'exp'],
        maxLength: MAX_TOKEN_LENGTH,
        clock,
      };
      const payload = await verifiedPayload(token, secret, check);
      if (!payload) return undefined;
      const projectId = positiveId(payload.pid);
      const object = objectOf(payload);
      const tokenId = payload.jti ?? '';
      if (projectId === undefined || !object || !TOKEN_ID.test(tokenId) || payload.exp === undefined) return undefined;
      return { projectId, object, tokenId, expiresAt: payload.exp };
    },
  };
}
