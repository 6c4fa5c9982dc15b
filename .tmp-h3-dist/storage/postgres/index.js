export { openPGlite, openPostgres, migrate } from "./database.js";
export { lockDataDir } from "./data-dir-lock.js";
export { postgresStorage } from "./storage.js";
export { ReadCache } from "./read-cache.js";
export { startCacheListener } from "./cache-listener.js";
