import { describe, expect, it } from 'vitest';
import { loadConfig, vendorNames } from './config.ts';

describe('config', () => {
  it('derives every vendor spelling from one token', () => {
    expect(vendorNames('contentful')).toEqual({
      token: 'contentful',
      headerPrefix: 'X-Contentful',
      mgmtMediaType: 'application/vnd.contentful.management.v1+json',
    });
    expect(vendorNames('Acme').headerPrefix).toBe('X-Acme');
  });

  it('refuses a vendor token that could not form a header name', () => {
    expect(() => vendorNames('a b')).toThrow(/letters and digits/);
    expect(() => vendorNames('')).toThrow();
  });

  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, rateLimitPerSecond: 7, databaseUrl: undefined, validateResponses: false });
    expect(c.vendor.headerPrefix).toBe('X-Service');
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c).toMatchObject({
      graphqlRateLimitPerSecond: 55,
      graphqlMaxOperations: 200,
      databasePoolSize: 10,
      jobRetentionDays: 7,
    });
  });

  it('reads the PostgreSQL pool size and refuses one below 1', () => {
    expect(loadConfig({ TESSERA_DB_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ TESSERA_DB_POOL_SIZE: '0' })).toThrow(/TESSERA_DB_POOL_SIZE/);
  });

  it('refuses malformed numbers instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TESSERA_RATE_LIMIT_PER_SECOND: '-1' })).toThrow(/TESSERA_RATE_LIMIT_PER_SECOND/);
    expect(loadConfig({ TESSERA_RATE_LIMIT_PER_SECOND: '0' }).rateLimitPerSecond).toBe(0);
  });

  it('reads the webhook delivery settings: timeout, retry delays, concurrency, connections, event poll', () => {
    expect(loadConfig({})).toMatchObject({
      webhookTimeoutMs: 30_000,
      webhookRetryDelaysMs: [30_000, 60_000],
      webhookConcurrency: 8,
      webhookDbPoolSize: 2,
      eventPollMs: 50,
    });
    expect(loadConfig({ TESSERA_WEBHOOK_DB_POOL_SIZE: '5' }).webhookDbPoolSize).toBe(5);
    expect(() => loadConfig({ TESSERA_WEBHOOK_DB_POOL_SIZE: '0' })).toThrow(/TESSERA_WEBHOOK_DB_POOL_SIZE/);
    expect(loadConfig({ TESSERA_WEBHOOK_RETRY_DELAYS_MS: '100, 250' }).webhookRetryDelaysMs).toEqual([100, 250]);
    expect(loadConfig({}).webhookThread).toBe(true);
    expect(loadConfig({ TESSERA_WEBHOOK_THREAD: '0' }).webhookThread).toBe(false);
    expect(loadConfig({ TESSERA_WEBHOOK_RETRY_DELAYS_MS: 'none' }).webhookRetryDelaysMs).toEqual([]);
    expect(() => loadConfig({ TESSERA_WEBHOOK_RETRY_DELAYS_MS: '1s' })).toThrow(/TESSERA_WEBHOOK_RETRY_DELAYS_MS/);
    expect(() => loadConfig({ TESSERA_WEBHOOK_TIMEOUT_MS: '0' })).toThrow(/TESSERA_WEBHOOK_TIMEOUT_MS/);
  });

  it('meters usage by default, flushing every 2 s; TESSERA_USAGE_METERING=0 switches it off', () => {
    expect(loadConfig({})).toMatchObject({ usageMetering: true, usageFlushMs: 2000 });
    expect(loadConfig({ TESSERA_USAGE_METERING: '0', TESSERA_USAGE_FLUSH_MS: '500' })).toMatchObject({
      usageMetering: false,
      usageFlushMs: 500,
    });
    expect(() => loadConfig({ TESSERA_USAGE_FLUSH_MS: '0' })).toThrow(/TESSERA_USAGE_FLUSH_MS/);
  });
});
