import crypto from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Random bytes are drawn from the CSPRNG 4 KiB at a time (as Node's randomUUID batches): one call per ~100 ids, not one per id. */
export const RANDOM_POOL_BYTES = 4096;
const pool = Buffer.alloc(RANDOM_POOL_BYTES);
let used = RANDOM_POOL_BYTES;

/** A random base62 string; 22 characters carry about 131 bits, the shape of generated resource ids. */
export function randomBase62(length = 22): string {
  let out = '';
  while (out.length < length) {
    if (used === RANDOM_POOL_BYTES) {
      crypto.randomFillSync(pool);
      used = 0;
    }
    const byte = pool[used++]!;
    if (byte < 248) out += BASE62[byte % 62]; // 248 = 4*62: keeps the distribution uniform
  }
  return out;
}

export const generateId = (): string => randomBase62(22);

/** Client-chosen ids: letters, digits, dot, hyphen, underscore; 1 to 64 characters. */
export const CLIENT_ID_PATTERN = /^[a-zA-Z0-9-_.]{1,64}$/;
export const isValidClientId = (id: string): boolean => CLIENT_ID_PATTERN.test(id);
