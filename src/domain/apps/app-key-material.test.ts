import { createHash, createPublicKey, X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError, type ErrorItem } from '../../errors/index.ts';
import { appKeyFromJwk, fingerprintOf, generateAppKeyPair, type GeneratedAppKey } from './app-key-material.ts';

/** A certificate made by another tool than the server's, as an app developer would upload it. */
async function uploadedKey(options: Parameters<typeof generate>[1] = {}) {
  const pems = await generate([{ name: 'commonName', value: 'my-app' }], { algorithm: 'sha256', ...options });
  const certificate = new X509Certificate(pems.cert);
  const spkiDer = Buffer.from(pems.public.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
  const digest = createHash('sha256').update(spkiDer).digest('base64');
  const fingerprint = digest.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return { pems, x5c0: certificate.raw.toString('base64'), fingerprint };
}

function problemsOf(jwk: unknown): ErrorItem[] {
  try {
    appKeyFromJwk(jwk);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).id).toBe('ValidationFailed');
    expect((error as AppError).status).toBe(422);
    return ((error as AppError).details as { errors: ErrorItem[] }).errors;
  }
  throw new Error('the JWK was accepted');
}

const paths = (problems: ErrorItem[]) => problems.map((p) => p.path);

describe('appKeyFromJwk', () => {
  let rsa: Awaited<ReturnType<typeof uploadedKey>>;
  let valid: Record<string, unknown>;

  beforeAll(async () => {
    rsa = await uploadedKey();
    valid = { alg: 'RS256', kty: 'RSA', use: 'sig', x5c: [rsa.x5c0] };
  });

  it('accepts a JWK of a certificate made elsewhere, with n, e, kid and x5t as a developer computes them', () => {
    const { n, e } = createPublicKey(rsa.pems.public).export({ format: 'jwk' });
    const jwk = { ...valid, n, e, kid: rsa.fingerprint, x5t: rsa.fingerprint };
    const material = appKeyFromJwk(jwk);
    expect(material.fingerprint).toBe(rsa.fingerprint);
    expect(material.jwk).toEqual({ ...valid, kid: rsa.fingerprint, x5t: rsa.fingerprint });
    expect(createPublicKey(material.publicKeyPem).equals(createPublicKey(rsa.pems.public))).toBe(true);
  });

  it('computes kid and x5t when the JWK leaves them out', () => {
    expect(appKeyFromJwk(valid).jwk).toMatchObject({ kid: rsa.fingerprint, x5t: rsa.fingerprint });
  });

  it('keeps the certificates of x5c as sent', () => {
    const x5c = [rsa.x5c0, rsa.x5c0];
    expect(appKeyFromJwk({ ...valid, x5c }).jwk.x5c).toEqual(x5c);
  });

  it.each([null, 'jwk', 42, [{ alg: 'RS256' }]])('refuses a JWK that is no object: %j', (jwk) => {
    expect(paths(problemsOf(jwk))).toEqual([['jwk']]);
  });

  it.each([
    ['alg', 'RS512'],
    ['kty', 'EC'],
    ['use', 'enc'],
  ])('refuses %s other than the fixed value, or missing', (prop, wrong) => {
    expect(problemsOf({ ...valid, [prop]: wrong })).toEqual([
      expect.objectContaining({ name: 'in', path: ['jwk', prop] }),
    ]);
    expect(problemsOf({ ...valid, [prop]: undefined })).toEqual([
      expect.objectContaining({ name: 'required', path: ['jwk', prop] }),
    ]);
  });

  it.each([
    ['missing', undefined],
    ['not an array', 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'],
    ['empty', []],
    ['not strings', [42]],
  ])('refuses an x5c that is %s', (_case, x5c) => {
    expect(paths(problemsOf({ ...valid, x5c }))).toEqual([['jwk', 'x5c']]);
  });

  it('refuses a certificate in PEM, base64 of a PEM, URL-safe or unpadded base64, or garbage', () => {
    const pem = rsa.pems.cert;
    const der = Buffer.from(rsa.x5c0, 'base64');
    for (const first of [
      pem,
      Buffer.from(pem).toString('base64'),
      der.toString('base64url'),
      'not base64 at all!',
      Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]).toString('base64'),
      Buffer.from('0123456789abcdef').toString('base64'),
    ]) {
      expect(problemsOf({ ...valid, x5c: [first] }), first).toEqual([
        expect.objectContaining({ name: 'invalid', path: ['jwk', 'x5c'] }),
      ]);
    }
  });

  it('refuses a certificate whose key is not RSA', async () => {
    const ec = await uploadedKey({ keyType: 'ec' });
    const [problem] = problemsOf({ ...valid, x5c: [ec.x5c0] });
    expect(problem).toMatchObject({ path: ['jwk', 'x5c'], details: expect.stringContaining('RSA public key') });
  });

  it('refuses an RSA key of fewer than 2048 bits', async () => {
    const small = await uploadedKey({ keySize: 1024 });
    const [problem] = problemsOf({ ...valid, x5c: [small.x5c0] });
    expect(problem).toMatchObject({ path: ['jwk', 'x5c'], details: expect.stringContaining('at least 2048 bits') });
  });

  it('refuses n and e that are not those of the certificate key', async () => {
    const other = createPublicKey((await uploadedKey()).pems.public).export({ format: 'jwk' });
    expect(paths(problemsOf({ ...valid, n: other.n }))).toEqual([['jwk', 'n']]);
    expect(paths(problemsOf({ ...valid, e: 'Aw' }))).toEqual([['jwk', 'e']]);
  });

  it('refuses kid and x5t other than the fingerprint', () => {
    const problems = problemsOf({ ...valid, kid: 'someone-else', x5t: rsa.fingerprint + 'A' });
    expect(problems).toEqual([
      expect.objectContaining({ path: ['jwk', 'kid'], value: 'someone-else', expected: rsa.fingerprint }),
      expect.objectContaining({ path: ['jwk', 'x5t'], expected: rsa.fingerprint }),
    ]);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ alg: 'HS256', kty: 'RSA', x5c: [rsa.x5c0], kid: 'x' });
    expect(paths(problems)).toEqual([
      ['jwk', 'alg'],
      ['jwk', 'use'],
      ['jwk', 'kid'],
    ]);
  });
});

describe('fingerprintOf', () => {
  it('is the unpadded URL-safe base64 SHA-256 digest of the DER public key', async () => {
    const { pems, fingerprint } = await uploadedKey();
    expect(fingerprintOf(createPublicKey(pems.public))).toBe(fingerprint);
    expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('generateAppKeyPair', () => {
  let generated: GeneratedAppKey;

  beforeAll(async () => {
    generated = await generateAppKeyPair();
  });

  it('answers an RS256 JWK whose kid and x5t are the fingerprint of the certificate key', () => {
    const certificate = new X509Certificate(Buffer.from(generated.jwk.x5c[0], 'base64'));
    expect(generated.jwk).toMatchObject({ alg: 'RS256', kty: 'RSA', use: 'sig' });
    expect(generated.jwk.x5c).toHaveLength(1);
    expect(generated.jwk.kid).toBe(generated.fingerprint);
    expect(generated.jwk.x5t).toBe(generated.fingerprint);
    expect(fingerprintOf(certificate.publicKey)).toBe(generated.fingerprint);
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
  });

  it('hands out the matching private key as PKCS#8 PEM', () => {
    expect(generated.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const publicKey = createPublicKey(generated.privateKeyPem);
    expect(fingerprintOf(publicKey)).toBe(generated.fingerprint);
    expect(publicKey.equals(createPublicKey(generated.publicKeyPem))).toBe(true);
  });

  it('round-trips through appKeyFromJwk', () => {
    const { privateKeyPem: _secret, ...material } = generated;
    expect(appKeyFromJwk(JSON.parse(JSON.stringify(generated.jwk)))).toEqual(material);
  });

  it('makes a new key each time', async () => {
    expect((await generateAppKeyPair()).fingerprint).not.toBe(generated.fingerprint);
  });
});
