import path from 'node:path';

/** Everything the process reads from its environment, validated once and frozen. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly vendor: VendorNames;
  readonly rateLimitPerSecond: number;
  readonly adminEmail: string | undefined;
  readonly adminToken: string | undefined;
  readonly nodeEnv: string;
  readonly validateResponses: boolean;
  readonly publicBaseUrl: string | undefined;
  readonly logLevel: string;
  /** Serve hot reads (tokens, space access, environments) from an in-process cache kept coherent by invalidation. */
  readonly readCache: boolean;
}

/** The vendor token in every spelling the wire needs: `X-Acme-Version`, `application/vnd.acme.management.v1+json`. */
export interface VendorNames {
  readonly token: string;
  readonly headerPrefix: string;
  readonly mgmtMediaType: string;
}

export function vendorNames(token: string): VendorNames {
  if (!/^[a-z][a-z0-9]*$/i.test(token)) throw new Error(`TESSERA_API_VENDOR must be letters and digits, got "${token}"`);
  const lower = token.toLowerCase();
  const title = lower[0].toUpperCase() + lower.slice(1);
  return Object.freeze({ token: lower, headerPrefix: `X-${title}`, mgmtMediaType: `application/vnd.${lower}.management.v1+json` });
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  return Object.freeze({
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.TESSERA_DATA_DIR ?? './data'),
    vendor: vendorNames(env.TESSERA_API_VENDOR ?? 'service'),
    rateLimitPerSecond: intFrom(env, 'TESSERA_RATE_LIMIT_PER_SECOND', 7),
    adminEmail: env.TESSERA_ADMIN_EMAIL || undefined,
    adminToken: env.TESSERA_ADMIN_TOKEN || undefined,
    nodeEnv,
    validateResponses: nodeEnv === 'test' || env.TESSERA_VALIDATE_RESPONSES === '1',
    publicBaseUrl: env.TESSERA_PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    readCache: env.TESSERA_READ_CACHE !== '0',
  });
}
