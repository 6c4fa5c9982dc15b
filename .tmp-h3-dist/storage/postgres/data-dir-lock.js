import fs from 'node:fs';
import lockfile from 'proper-lockfile';
/**
 * Two processes on one PGlite directory silently lose writes, so the server holds an exclusive lock on it.
 * The lock is refreshed while the process lives and goes stale 10 s after it dies.
 */
export async function lockDataDir(dir) {
    fs.mkdirSync(dir, { recursive: true });
    try {
        return await lockfile.lock(dir, { lockfilePath: `${dir}/.tessera.lock`, stale: 10_000, update: 2_000, realpath: false });
    }
    catch (error) {
        if (error.code === 'ELOCKED') {
            throw new Error(`The data directory ${dir} is in use by another Tessera process. Stop it, or point TESSERA_DATA_DIR elsewhere.`);
        }
        throw error;
    }
}
