import { generateKeyPairSync, sign as rawSign } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAppJwt, type AppJwtKey } from './app-jwt.ts';
import { fingerprintOf, generateAppKeyPair } from './app-key-material.ts';

const APP = '5KySdUzG7OWuCE2V3fgtIa';

interface TestKey extends AppJwtKey {
  privateKeyPem: string;
}

function rsaKey(): TestKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    fingerprint: fingerprintOf(publicKey),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

/** Exactly what the official apps toolkit signs to ask for an app access token. */
const toolkitToken = (privateKeyPem: string, appId: string, keyId?: string) =>
  jwt.sign({}, privateKeyPem, {
    algorithm: 'RS256',
    issuer: appId,
    expiresIn: '10m',
    ...(keyId ? { keyid: keyId } : {}),
  });

const signRs256 = (key: TestKey, payload: object, options: jwt.SignOptions = {}) =>
  jwt.sign(payload, key.privateKeyPem, { algorithm: 'RS256', ...options });

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An RS256 token over any payload, even one that jsonwebtoken would refuse to sign. */
function rawToken(key: TestKey, payload: unknown): string {
  const signingInput = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(payload)}`;
  return `${signingInput}.${rawSign('sha256', Buffer.from(signingInput), key.privateKeyPem).toString('base64url')}`;
}
const expOf = (token: string) => (jwt.decode(token) as { exp: number }).exp;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const at = (seconds: number) => new Date(seconds * 1000);

const refusal = (message: string) => ({ id: 'AccessTokenInvalid', status: 401, message });

describe('verifyAppJwt', () => {
  let generated: TestKey;
  let other: TestKey;
  let stranger: TestKey;
  let keys: AppJwtKey[];

  beforeAll(async () => {
    generated = await generateAppKeyPair();
    other = rsaKey();
    stranger = rsaKey();
    keys = [other, { fingerprint: generated.fingerprint, publicKeyPem: generated.publicKeyPem }];
  });

  it('accepts a toolkit token signed with a generated key, trying each key when there is no kid', async () => {
    const token = toolkitToken(generated.privateKeyPem, APP);
    expect(jwt.decode(token, { complete: true })?.header.kid).toBeUndefined();
    await expect(verifyAppJwt(token, APP, keys)).resolves.toEqual({
      expiresAt: at(expOf(token)),
      fingerprint: generated.fingerprint,
    });
  });

  it('accepts a toolkit token whose kid names the key', async () => {
    const token = toolkitToken(other.privateKeyPem, APP, other.fingerprint);
    await expect(verifyAppJwt(token, APP, keys)).resolves.toMatchObject({ fingerprint: other.fingerprint });
  });

  it('refuses a kid that names no key of the app', async () => {
    const token = toolkitToken(stranger.privateKeyPem, APP, stranger.fingerprint);
    await expect(verifyAppJwt(token, APP, keys)).rejects.toMatchObject(
      refusal("The app token's kid does not name a key of the app"),
    );
  });

  it('refuses a token signed by no key of the app, or by another key than its kid names', async () => {
    const message = "The app token's signature does not match any key of the app";
    await expect(verifyAppJwt(toolkitToken(stranger.privateKeyPem, APP), APP, keys)).rejects.toMatchObject(
      refusal(message),
    );
    const misnamed = toolkitToken(generated.privateKeyPem, APP, other.fingerprint);
    await expect(verifyAppJwt(misnamed, APP, keys)).rejects.toMatchObject(refusal(message));
    await expect(verifyAppJwt(toolkitToken(other.privateKeyPem, APP), APP, [])).rejects.toMatchObject(refusal(message));
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, , signature] = toolkitToken(other.privateKeyPem, APP).split('.');
    const forged = [header, b64url({ iss: APP, exp: nowSeconds() + 300, admin: true }), signature].join('.');
    await expect(verifyAppJwt(forged, APP, keys)).rejects.toMatchObject(
      refusal("The app token's signature does not match any key of the app"),
    );
  });

  it.each(['', 'token', 'a.b.c', 'eyJhbGciOiJSUzI1NiJ9'])('refuses what is not a JWT: %j', async (token) => {
    await expect(verifyAppJwt(token, APP, keys)).rejects.toMatchObject(refusal('The app token is not a JWT'));
  });

  it('refuses every algorithm but RS256', async () => {
    const claims = { iss: APP, exp: nowSeconds() + 300 };
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const tokens = [
      jwt.sign(claims, 'a shared secret', { algorithm: 'HS256' }),
      jwt.sign(claims, other.publicKeyPem, { algorithm: 'HS256', allowInsecureKeySizes: true }),
      `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`,
      signRs256(other, claims, { algorithm: 'RS512' }),
      signRs256(other, claims, { algorithm: 'PS256' }),
      jwt.sign(claims, ec, { algorithm: 'ES256' }),
    ];
    for (const token of tokens) {
      await expect(verifyAppJwt(token, APP, keys), token).rejects.toMatchObject(
        refusal('The app token must be signed with RS256'),
      );
    }
  });

  it('refuses a token without exp, or whose exp is no NumericDate', async () => {
    await expect(verifyAppJwt(signRs256(other, { iss: APP }), APP, keys)).rejects.toMatchObject(
      refusal('The app token has no exp'),
    );
    await expect(verifyAppJwt(rawToken(other, { iss: APP, exp: 'soon' }), APP, keys)).rejects.toMatchObject(
      refusal("The app token's exp must be a NumericDate"),
    );
  });

  it('refuses an expired token, allowing 30 s of clock skew', async () => {
    const token = toolkitToken(other.privateKeyPem, APP);
    const exp = expOf(token);
    await expect(verifyAppJwt(token, APP, keys, at(exp + 29))).resolves.toMatchObject({ expiresAt: at(exp) });
    await expect(verifyAppJwt(token, APP, keys, at(exp + 30))).rejects.toMatchObject(
      refusal('The app token has expired'),
    );
  });

  it('refuses an exp more than 10 minutes (and 30 s of clock skew) ahead', async () => {
    const now = nowSeconds();
    const within = signRs256(other, { iss: APP, exp: now + 630 });
    await expect(verifyAppJwt(within, APP, keys, at(now))).resolves.toMatchObject({ expiresAt: at(now + 630) });
    const toolkit = toolkitToken(other.privateKeyPem, APP);
    await expect(verifyAppJwt(toolkit, APP, keys, at(expOf(toolkit) - 630))).resolves.toBeDefined();
    const message = "The app token's exp must be at most 10 minutes ahead";
    const beyond = signRs256(other, { iss: APP, exp: now + 631 });
    await expect(verifyAppJwt(beyond, APP, keys, at(now))).rejects.toMatchObject(refusal(message));
    const long = jwt.sign({}, other.privateKeyPem, { algorithm: 'RS256', issuer: APP, expiresIn: '11m' });
    await expect(verifyAppJwt(long, APP, keys)).rejects.toMatchObject(refusal(message));
  });

  it('refuses a token that is not valid yet', async () => {
    const now = nowSeconds();
    const token = signRs256(other, { iss: APP, exp: now + 600, nbf: now + 120 });
    await expect(verifyAppJwt(token, APP, keys, at(now))).rejects.toMatchObject(
      refusal('The app token is not valid yet'),
    );
  });

  it("refuses a token without iss, or with another app's id", async () => {
    const message = "The app token's iss must be the app definition id";
    const anonymous = signRs256(other, {}, { expiresIn: '10m' });
    await expect(verifyAppJwt(anonymous, APP, keys)).rejects.toMatchObject(refusal(message));
    const foreign = toolkitToken(other.privateKeyPem, 'another-app');
    await expect(verifyAppJwt(foreign, APP, keys)).rejects.toMatchObject(refusal(message));
  });

  it('refuses a signed token whose payload is no JSON object', async () => {
    await expect(verifyAppJwt(rawToken(other, [1]), APP, keys)).rejects.toMatchObject(
      refusal('The app token is not a valid JWT'),
    );
  });
});
