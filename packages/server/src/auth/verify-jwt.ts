import { jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

/** What one kind of this server's tokens must carry besides a valid HS256 signature by the JWT secret. */
export interface TokenCheck {
  /** The `typ` header of the kind (`at+jwt`, `embed+jwt`): no other JWT signed with the secret passes. */
  typ: string;
  issuer: string;
  audience: string;
  requiredClaims: string[];
  /** Longer tokens are refused before any parsing. */
  maxLength: number;
  /** Epoch ms; `exp` is checked against it with no tolerance. */
  clock: () => number;
}

/**
 * The payload of a token that checks out: HS256 only (`alg: none` and RS/HS confusion cannot pass),
 * the kind's `typ`, `iss`, `aud` and claims, not expired. Malformed, forged, expired or of another kind:
 * undefined, all the same 401 to the caller.
 */
export async function verifiedPayload(token: string, secret: Uint8Array, check: TokenCheck): Promise<JWTPayload | undefined> {
  if (token.length > check.maxLength) return undefined;
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      typ: check.typ,
      issuer: check.issuer,
      audience: check.audience,
      requiredClaims: check.requiredClaims,
      currentDate: new Date(check.clock()),
      clockTolerance: 0,
    });
    return payload;
  } catch {
    return undefined;
  }
}
