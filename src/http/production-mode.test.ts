import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { createHttpApp } from './server.ts';

/** Services no request reaches: the app is only built. */
const unused: any = new Proxy(() => unused, { get: () => unused, apply: () => unused });

const appFor = (env: Record<string, string>) =>
  createHttpApp({
    config: loadConfig(env),
    services: unused,
    logger: createLogger('silent'),
    rateLimit: (_req, _res, next) => next(),
  }).app;

describe('production mode', () => {
  it('is the default, so nothing answers with a development page', () => {
    expect(loadConfig({}).nodeEnv).toBe('production');
    expect(loadConfig({ NODE_ENV: '' }).nodeEnv).toBe('production');
    expect(loadConfig({ NODE_ENV: 'test' }).nodeEnv).toBe('test');
  });

  it("sets Express's env from the configuration, not from the process environment", () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      expect(appFor({}).get('env')).toBe('production');
      expect(appFor({ NODE_ENV: 'test' }).get('env')).toBe('test');
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
