export { openPGlite, openPostgres, migrate, type OpenDatabase, type Db } from './database.ts';
export { lockDataDir } from './data-dir-lock.ts';
export { postgresStorage } from './storage.ts';
export { ReadCache } from './read-cache.ts';
export { startCacheListener } from './cache-listener.ts';
