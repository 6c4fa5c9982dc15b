import { createHash, KeyObject, webcrypto, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import { AttributeTypeAndValue, Certificate, CryptoEngine } from 'pkijs';
import { validationFailed, type ErrorItem } from '../../errors/index.ts';

/** The public JSON Web Key of an app key, as stored and answered. */
export interface AppKeyJwk {
  alg: 'RS256';
  kty: 'RSA';
  use: 'sig';
  /** Base64 (standard, padded) DER certificates; the first holds the key. */
  x5c: string[];
  /** The fingerprint. */
  kid: string;
  /** The fingerprint. */
  x5t: string;
}

export interface AppKeyMaterial {
  /** Unpadded URL-safe base64 SHA-256 digest of the DER SubjectPublicKeyInfo: the key's id. */
  fingerprint: string;
  jwk: AppKeyJwk;
  /** SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`), what app JWTs are verified with. */
  publicKeyPem: string;
}

export interface GeneratedAppKey extends AppKeyMaterial {
  /** PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`): handed out once, never stored. */
  privateKeyPem: string;
}

export const APP_KEY_MIN_MODULUS_BITS = 2048;

const FIXED = { alg: 'RS256', kty: 'RSA', use: 'sig' } as const;
const CERTIFICATE_YEARS = 10;

export function fingerprintOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64url');
}

/** Validates an uploaded public JWK (422 `ValidationFailed` listing every problem) and derives the key's material. */
export function appKeyFromJwk(jwk: unknown): AppKeyMaterial {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) {
    throw validationFailed([{ name: 'type', path: ['jwk'], value: jwk, details: 'jwk must be a JSON Web Key object' }]);
  }
  const input = jwk as Record<string, unknown>;
  const problems: ErrorItem[] = [];
  for (const [prop, expected] of Object.entries(FIXED)) checkFixed(input, prop, expected, problems);
  const x5c = readX5c(input.x5c, problems);
  const publicKey = x5c === undefined ? undefined : readCertificateKey(x5c[0], problems);
  let fingerprint = '';
  if (publicKey) {
    fingerprint = fingerprintOf(publicKey);
    checkComponents(input, publicKey, problems);
    for (const prop of ['kid', 'x5t']) checkFingerprint(input, prop, fingerprint, problems);
  }
  if (problems.length > 0 || x5c === undefined || publicKey === undefined) throw validationFailed(problems);
  return {
    fingerprint,
    jwk: { ...FIXED, x5c, kid: fingerprint, x5t: fingerprint },
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
  };
}

function checkFixed(jwk: Record<string, unknown>, prop: string, expected: string, problems: ErrorItem[]): void {
  const value = jwk[prop];
  if (value === expected) return;
  problems.push(
    value === undefined || value === null
      ? { name: 'required', path: ['jwk', prop], details: `jwk.${prop} is required and must be "${expected}"` }
      : { name: 'in', path: ['jwk', prop], value, expected: [expected], details: `jwk.${prop} must be "${expected}"` },
  );
}

function readX5c(value: unknown, problems: ErrorItem[]): string[] | undefined {
  if (value === undefined || value === null) {
    problems.push({ name: 'required', path: ['jwk', 'x5c'], details: 'jwk.x5c must hold the key certificate' });
    return undefined;
  }
  if (!Array.isArray(value) || value.length === 0 || value.some((c) => typeof c !== 'string')) {
    problems.push({
      name: 'type',
      path: ['jwk', 'x5c'],
      value,
      details: 'jwk.x5c must be a non-empty array of base64 DER certificates',
    });
    return undefined;
  }
  return [...(value as string[])];
}

function readCertificateKey(certificate: string, problems: ErrorItem[]): KeyObject | undefined {
  const fail = (details: string) => {
    problems.push({ name: 'invalid', path: ['jwk', 'x5c'], details });
    return undefined;
  };
  const der = Buffer.from(certificate, 'base64');
  // X509Certificate would also take a PEM: only canonical base64 of a DER SEQUENCE is a DER certificate.
  if (der.length === 0 || der.toString('base64') !== certificate || der[0] !== 0x30) {
    return fail('jwk.x5c[0] must be the base64 (standard, padded) DER encoding of an X.509 certificate');
  }
  let publicKey: KeyObject;
  try {
    publicKey = new X509Certificate(der).publicKey;
  } catch {
    return fail('jwk.x5c[0] is not a readable X.509 certificate');
  }
  if (publicKey.asymmetricKeyType !== 'rsa') return fail('The certificate must hold an RSA public key');
  const bits = publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < APP_KEY_MIN_MODULUS_BITS) {
    return fail(`The certificate's RSA key must have at least ${APP_KEY_MIN_MODULUS_BITS} bits (it has ${bits})`);
  }
  return publicKey;
}

function checkComponents(jwk: Record<string, unknown>, publicKey: KeyObject, problems: ErrorItem[]): void {
  const actual = publicKey.export({ format: 'jwk' });
  for (const prop of ['n', 'e'] as const) {
    const value = jwk[prop];
    if (value === undefined || value === actual[prop]) continue;
    problems.push({
      name: 'invalid',
      path: ['jwk', prop],
      value,
      details: `jwk.${prop} must be the ${prop === 'n' ? 'modulus' : 'exponent'} of the certificate's key`,
    });
  }
}

function checkFingerprint(jwk: Record<string, unknown>, prop: string, fingerprint: string, problems: ErrorItem[]) {
  const value = jwk[prop];
  if (value === undefined || value === fingerprint) return;
  problems.push({
    name: 'invalid',
    path: ['jwk', prop],
    value,
    expected: fingerprint,
    details: `jwk.${prop} must be the unpadded base64url SHA-256 digest of the certificate's DER public key`,
  });
}

/** A new RSA 2048 key pair in a self-signed certificate; the private key is returned here only. */
export async function generateAppKeyPair(): Promise<GeneratedAppKey> {
  const { publicKey, privateKey } = await webcrypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: APP_KEY_MIN_MODULUS_BITS,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  );
  const der = await selfSignedCertificate(publicKey, privateKey);
  const material = appKeyFromJwk({ ...FIXED, x5c: [der.toString('base64')] });
  const privateKeyPem = KeyObject.from(privateKey).export({ type: 'pkcs8', format: 'pem' }) as string;
  return { ...material, privateKeyPem };
}

async function selfSignedCertificate(publicKey: webcrypto.CryptoKey, privateKey: webcrypto.CryptoKey) {
  const engine = new CryptoEngine({ name: 'node', crypto: webcrypto });
  const name = () => new AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'App key' }) });
  const serial = webcrypto.getRandomValues(new Uint8Array(16));
  // A positive serial whose DER INTEGER is minimal: top bit clear, first byte non-zero.
  serial[0] = (serial[0] & 0x7f) | 0x40;
  const notBefore = new Date();
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERTIFICATE_YEARS);

  const certificate = new Certificate();
  certificate.version = 0; // v1: the certificate carries no extensions
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  certificate.issuer.typesAndValues.push(name());
  certificate.subject.typesAndValues.push(name());
  certificate.notBefore.value = notBefore;
  certificate.notAfter.value = notAfter;
  await certificate.subjectPublicKeyInfo.importKey(publicKey, engine);
  await certificate.sign(privateKey, 'SHA-256', engine);
  return Buffer.from(certificate.toSchema().toBER(false));
}
