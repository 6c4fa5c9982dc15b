import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Everything the process reads from its environment, validated once and frozen. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly vendor: VendorNames;
  readonly rateLimitPerSecond: number;
  /** GraphQL Content API requests per second per space (0: off). */
  readonly graphqlRateLimitPerSecond: number;
  /** Database operations (searches, link batches) one GraphQL request may run before RESOURCES_EXHAUSTED. */
  readonly graphqlMaxOperations: number;
  /** Connections each process keeps to a PostgreSQL server at most. */
  readonly databasePoolSize: number;
  readonly adminEmail: string | undefined;
  readonly adminToken: string | undefined;
  readonly nodeEnv: string;
  readonly validateResponses: boolean;
  /** The server's public base URL (`Location` headers, file URLs); unset means its own `http://localhost:<PORT>`. */
  readonly publicBaseUrl: string | undefined;
  readonly logLevel: string;
  /** Serve hot reads (tokens, space access, environments) from an in-process cache kept coherent by invalidation. */
  readonly readCache: boolean;
  /**
   * Megabytes of rendered GraphQL delivery responses kept in the read cache (0: none). A response served from it is
   * not charged to the rate limit, like the hosted API's CDN hits; any write to what it read drops it at once.
   */
  readonly graphqlResponseCacheMb: number;
  /** Public base URLs of the upload, assets and images hosts; unset means the public base URL (assets under `/assets`, images under `/images`). */
  readonly uploadBaseUrl: string | undefined;
  readonly assetsBaseUrl: string | undefined;
  readonly imagesBaseUrl: string | undefined;
  /** Uploads, content-addressed asset files and cached image renditions live here. */
  readonly filesDir: string;
  /** Largest accepted upload body, in bytes. */
  readonly uploadMaxBytes: number;
  /** Whether asset processing may fetch an asset's `upload` URL (outbound HTTP from the server). */
  readonly fetchRemoteFiles: boolean;
  /** Days a succeeded job is kept in the `jobs` table before the periodic purge deletes it (failed jobs stay). */
  readonly jobRetentionDays: number;
  /** Days a dispatched content event is kept before the periodic purge deletes it (undispatched ones stay). */
  readonly eventRetentionDays: number;
  /** New (not cached) image renditions each space may have made per minute (0: unlimited); cached ones are free. */
  readonly imageRenditionsPerMinute: number;
  /** Image transforms one process runs at once, and how many more may wait for one before new renditions are refused. */
  readonly imageTransformConcurrency: number;
  readonly imageTransformQueue: number;
  /** Megabytes of cached image renditions on disk; past it the least recently used are evicted. */
  readonly imageCacheMb: number;
  /** Webhooks may call loopback, private, link-local and other non-public addresses (and any port). */
  readonly webhookAllowPrivateTargets: boolean;
  /** How often an idle process looks for content events to fan out to webhooks (ms). */
  readonly eventPollMs: number;
  /** How long a webhook call may take, answer included (ms). */
  readonly webhookTimeoutMs: number;
  /** Waits before the 2nd, 3rd, ... attempt of a call answered 429 or 5xx (ms); their number + 1 is the attempts in all. */
  readonly webhookRetryDelaysMs: readonly number[];
  /** Webhook calls one process sends at once (a slow receiver holds one of them). */
  readonly webhookConcurrency: number;
  /**
   * Connections of the webhook thread's pool. Its statements are few and batched (a job's calls read in one, recorded
   * in one), so two keep up; more only make them contend with each other and the API's in PostgreSQL.
   */
  readonly webhookDbPoolSize: number;
  /** The cloud signing proxy that definitions with the Cloud-Proxy headers are sent through; unset: not available. */
  readonly webhookSigningProxyUrl: string | undefined;
  /** How long auto_save events wait to be coalesced before their webhook calls go out (ms). */
  readonly webhookAutoSaveWindowMs: number;
  /**
   * On a PostgreSQL server, webhook dispatch and delivery run on a thread of their own with its own connections, so
   * their work does not wait in line with the API's requests (the embedded database is reached from one thread only).
   */
  readonly webhookThread: boolean;
  /** Count API requests per organization, space, metric and day for the Usage API. */
  readonly usageMetering: boolean;
  /** How often each process stores its usage counts (ms): at most this much of them is lost in a crash. */
  readonly usageFlushMs: number;
}

/** The vendor token in every spelling the wire needs: `X-Acme-Version`, `application/vnd.acme.management.v1+json`. */
export interface VendorNames {
  readonly token: string;
  readonly headerPrefix: string;
  readonly mgmtMediaType: string;
}

export function vendorNames(token: string): VendorNames {
  if (!/^[a-z][a-z0-9]*$/i.test(token))
    throw new Error(`TESSERA_API_VENDOR must be letters and digits, got "${token}"`);
  const lower = token.toLowerCase();
  const title = lower[0].toUpperCase() + lower.slice(1);
  return Object.freeze({
    token: lower,
    headerPrefix: `X-${title}`,
    mgmtMediaType: `application/vnd.${lower}.management.v1+json`,
  });
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

function urlFrom(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/** A comma-separated list of delays in ms (`""` or `none`: no retries). */
function delaysFrom(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined) return fallback;
  if (raw.trim() === '' || raw.trim() === 'none') return [];
  const values = raw.split(',').map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 0))
    throw new Error(`${name} must be comma-separated integers >= 0 (ms), got "${raw}"`);
  return values;
}

/** 1000 MB, the documented upload limit. */
const UPLOAD_MAX_BYTES = 1000 * 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Production unless told otherwise: Express's development mode answers unhandled failures with their stack.
  const nodeEnv = env.NODE_ENV || 'production';
  const dataDir = path.resolve(env.TESSERA_DATA_DIR ?? './data');
  // Tests get a fresh files directory each, so no run sees another's files.
  const defaultFilesDir =
    nodeEnv === 'test'
      ? path.join(tmpdir(), `tessera-files-${randomBytes(6).toString('hex')}`)
      : path.join(dataDir, 'files');
  return Object.freeze({
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    vendor: vendorNames(env.TESSERA_API_VENDOR ?? 'service'),
    rateLimitPerSecond: intFrom(env, 'TESSERA_RATE_LIMIT_PER_SECOND', 7),
    graphqlRateLimitPerSecond: intFrom(env, 'TESSERA_GRAPHQL_RATE_LIMIT_PER_SECOND', 55),
    graphqlMaxOperations: intFrom(env, 'TESSERA_GRAPHQL_MAX_OPERATIONS', 200, 1),
    databasePoolSize: intFrom(env, 'TESSERA_DB_POOL_SIZE', 10, 1),
    adminEmail: env.TESSERA_ADMIN_EMAIL || undefined,
    adminToken: env.TESSERA_ADMIN_TOKEN || undefined,
    nodeEnv,
    validateResponses: nodeEnv === 'test' || env.TESSERA_VALIDATE_RESPONSES === '1',
    publicBaseUrl: urlFrom(env, 'TESSERA_PUBLIC_URL'),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    readCache: env.TESSERA_READ_CACHE !== '0',
    graphqlResponseCacheMb: intFrom(env, 'TESSERA_GRAPHQL_RESPONSE_CACHE_MB', 64),
    uploadBaseUrl: urlFrom(env, 'TESSERA_UPLOAD_URL'),
    assetsBaseUrl: urlFrom(env, 'TESSERA_ASSETS_URL'),
    imagesBaseUrl: urlFrom(env, 'TESSERA_IMAGES_URL'),
    filesDir: env.TESSERA_FILES_DIR ? path.resolve(env.TESSERA_FILES_DIR) : defaultFilesDir,
    uploadMaxBytes: intFrom(env, 'TESSERA_UPLOAD_MAX_BYTES', UPLOAD_MAX_BYTES, 1),
    fetchRemoteFiles: env.TESSERA_FETCH_REMOTE_FILES === '1',
    jobRetentionDays: intFrom(env, 'TESSERA_JOB_RETENTION_DAYS', 7, 1),
    eventRetentionDays: intFrom(env, 'TESSERA_EVENT_RETENTION_DAYS', 7, 1),
    imageRenditionsPerMinute: intFrom(env, 'TESSERA_IMAGE_RENDITIONS_PER_MINUTE', 100),
    imageTransformConcurrency: intFrom(env, 'TESSERA_IMAGE_TRANSFORM_CONCURRENCY', 2, 1),
    imageTransformQueue: intFrom(env, 'TESSERA_IMAGE_TRANSFORM_QUEUE', 16),
    imageCacheMb: intFrom(env, 'TESSERA_IMAGE_CACHE_MB', 1024, 1),
    webhookAllowPrivateTargets: ['true', '1'].includes(env.TESSERA_WEBHOOK_ALLOW_PRIVATE_TARGETS ?? ''),
    eventPollMs: intFrom(env, 'TESSERA_EVENT_POLL_MS', 50, 1),
    webhookTimeoutMs: intFrom(env, 'TESSERA_WEBHOOK_TIMEOUT_MS', 30_000, 1),
    webhookRetryDelaysMs: delaysFrom(env, 'TESSERA_WEBHOOK_RETRY_DELAYS_MS', [30_000, 60_000]),
    webhookConcurrency: intFrom(env, 'TESSERA_WEBHOOK_CONCURRENCY', 8, 1),
    webhookDbPoolSize: intFrom(env, 'TESSERA_WEBHOOK_DB_POOL_SIZE', 2, 1),
    webhookSigningProxyUrl: urlFrom(env, 'TESSERA_WEBHOOK_SIGNING_PROXY_URL'),
    webhookAutoSaveWindowMs: intFrom(env, 'TESSERA_WEBHOOK_AUTO_SAVE_WINDOW_MS', 5000),
    webhookThread: env.TESSERA_WEBHOOK_THREAD !== '0',
    usageMetering: env.TESSERA_USAGE_METERING !== '0',
    usageFlushMs: intFrom(env, 'TESSERA_USAGE_FLUSH_MS', 2000, 1),
  });
}
