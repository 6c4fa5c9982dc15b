import type { Server } from 'node:http';
import type { Config } from './config.ts';
import { bootstrapIdentity, createServices, type Services } from './domain/index.ts';
import { createHttpApp } from './http/server.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createRateLimit } from './rate-limit/index.ts';
import { lockDataDir, migrate, openPGlite, openPostgres, postgresStorage, type OpenDatabase } from './storage/postgres/index.ts';
import type { Storage } from './storage/port/index.ts';

export interface Tessera {
  readonly config: Config;
  readonly storage: Storage;
  readonly services: Services;
  readonly logger: Logger;
  /** Set when bootstrap generated the first token (print it once). */
  readonly generatedToken: string | undefined;
  listen(port?: number, host?: string): Promise<{ server: Server; port: number }>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** PGlite in memory instead of the data directory (tests). */
  inMemory?: boolean;
  onResponseViolation?: (message: string) => void;
}

/** The composition root: the only place that builds adapters and wires the layers together. */
export async function createTessera(config: Config, options: StartOptions = {}): Promise<Tessera> {
  const logger = createLogger(config.logLevel);
  let releaseLock: (() => Promise<void>) | undefined;
  let open: OpenDatabase;
  if (config.databaseUrl) {
    open = await openPostgres(config.databaseUrl);
  } else if (options.inMemory) {
    open = await openPGlite(undefined);
  } else {
    releaseLock = await lockDataDir(config.dataDir);
    open = await openPGlite(`${config.dataDir}/pglite`);
  }
  await migrate(open.db);
  const storage = postgresStorage(open);
  const services = createServices(storage);
  const { generatedToken } = await bootstrapIdentity(storage, { adminEmail: config.adminEmail, adminToken: config.adminToken });
  const rateLimit = createRateLimit();
  const app = createHttpApp({
    config, services, logger, rateLimit: rateLimit.middleware,
    onResponseViolation: options.onResponseViolation && ((message) => options.onResponseViolation!(message)),
  });
  let server: Server | undefined;

  return {
    config, storage, services, logger, generatedToken,
    listen: (port = config.port, host = config.host) => new Promise((resolve, reject) => {
      server = app.listen(port, host, (error?: Error) => {
        if (error) return reject(error);
        const address = server!.address();
        resolve({ server: server!, port: typeof address === 'object' && address ? address.port : port });
      });
    }),
    async close() {
      if (server) {
        server.closeIdleConnections?.();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      await rateLimit.close();
      await storage.close();
      await releaseLock?.();
    },
  };
}
