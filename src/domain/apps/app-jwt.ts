import { decodeProtectedHeader, errors, importSPKI, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '../../errors/index.ts';

/** An app key an app JWT may be signed with. */
export interface AppJwtKey {
  fingerprint: string;
  publicKeyPem: string;
}

export interface VerifiedAppJwt {
  expiresAt: Date;
  /** The key that signed the token. */
  fingerprint: string;
}

/** How far ahead an app JWT's `exp` may lie. */
export const APP_JWT_MAX_LIFETIME_SECONDS = 600;
/** Allowed clock skew between the app and the server, on expiry and on the lifetime bound. */
export const APP_JWT_CLOCK_TOLERANCE_SECONDS = 30;

const ALGORITHM = 'RS256';

const refuse = (message: string) => new AppError('AccessTokenInvalid', message);

/**
 * Verifies the JWT an app signs with one of its keys to ask for an app access token (401 `AccessTokenInvalid`
 * naming the problem). A `kid` in the header must name one of `keys`; without one, each key is tried.
 */
export async function verifyAppJwt(
  token: string,
  appDefinitionId: string,
  keys: ReadonlyArray<AppJwtKey>,
  now: Date = new Date(),
): Promise<VerifiedAppJwt> {
  const candidates = candidateKeys(token, keys);
  for (const key of candidates) {
    const payload = await verifiedPayload(token, key, appDefinitionId, now);
    if (payload === undefined) continue;
    const exp = payload.exp as number;
    if (exp > now.getTime() / 1000 + APP_JWT_MAX_LIFETIME_SECONDS + APP_JWT_CLOCK_TOLERANCE_SECONDS) {
      throw refuse("The app token's exp must be at most 10 minutes ahead");
    }
    return { expiresAt: new Date(exp * 1000), fingerprint: key.fingerprint };
  }
  throw refuse("The app token's signature does not match any key of the app");
}

function candidateKeys(token: string, keys: ReadonlyArray<AppJwtKey>): ReadonlyArray<AppJwtKey> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw refuse('The app token is not a JWT');
  }
  if (header.alg !== ALGORITHM) throw refuse(`The app token must be signed with ${ALGORITHM}`);
  if (header.kid === undefined) return keys;
  const named = keys.filter((key) => key.fingerprint === header.kid);
  if (named.length === 0) throw refuse("The app token's kid does not name a key of the app");
  return named;
}

/** The token's claims when `key` signed it (undefined when it did not), or the refusal of its claims. */
async function verifiedPayload(
  token: string,
  key: AppJwtKey,
  appDefinitionId: string,
  now: Date,
): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, await importSPKI(key.publicKeyPem, ALGORITHM), {
      algorithms: [ALGORITHM],
      issuer: appDefinitionId,
      requiredClaims: ['exp'],
      currentDate: now,
      clockTolerance: APP_JWT_CLOCK_TOLERANCE_SECONDS,
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return undefined;
    throw claimsRefusal(error);
  }
}

function claimsRefusal(error: unknown): unknown {
  if (error instanceof errors.JWTExpired) return refuse('The app token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return refuse("The app token's iss must be the app definition id");
    if (error.claim === 'exp' && error.reason === 'missing') return refuse('The app token has no exp');
    if (error.claim === 'nbf' && error.reason !== 'invalid') return refuse('The app token is not valid yet');
    return refuse(`The app token's ${error.claim} must be a NumericDate`);
  }
  // The rest of jose's refusals: a malformed payload, a critical header parameter it does not support.
  if (error instanceof errors.JOSEError) return refuse('The app token is not a valid JWT');
  return error;
}
