import { jwtVerify, SignJWT } from 'jose';

// The session token (PRODUCT.md, Accounts). It names the user, their level when issued, the
// password version it was issued under (a password change ends other sessions) and its session
// (logging out ends that one on the server).

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export interface TokenClaims {
  sub: number;
  level: number;
  /** lastchangepasswddate of the user when the token was issued. */
  pwv: string;
  /** The session's id (the sessions table). */
  sid: string;
}

/** Tokens already verified, until they expire: the signature check is the costliest step of an
 * authenticated read, and a session sends the same token many times. Bounded, oldest first. */
const VERIFIED_CACHE = 10_000;

export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, TokenClaims & { exp: number }>();
  return {
    async sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ level: claims.level, pwv: claims.pwv, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    /** The claims of a valid token, or undefined for anything else (expired, forged, malformed). */
    async verify(token: string): Promise<TokenClaims | undefined> {
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp * 1000 > Date.now()) return { sub: hit.sub, level: hit.level, pwv: hit.pwv, sid: hit.sid };
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const sub = Number(payload.sub);
        if (
          !Number.isSafeInteger(sub) ||
          typeof payload.level !== 'number' ||
          typeof payload.pwv !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return undefined;
        }
        if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { sub, level: payload.level, pwv: payload.pwv, sid: payload.sid, exp: payload.exp });
        return { sub, level: payload.level, pwv: payload.pwv, sid: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
