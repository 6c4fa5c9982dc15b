import { randomBytes } from 'node:crypto';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A random base62 string; 22 characters carry about 131 bits, the shape of generated resource ids. */
export function randomBase62(length = 22) {
    let out = '';
    while (out.length < length) {
        for (const byte of randomBytes(length * 2)) {
            if (byte < 248)
                out += BASE62[byte % 62]; // 248 = 4*62: keeps the distribution uniform
            if (out.length === length)
                break;
        }
    }
    return out;
}
export const generateId = () => randomBase62(22);
/** Client-chosen ids: letters, digits, dot, hyphen, underscore; 1 to 64 characters. */
export const CLIENT_ID_PATTERN = /^[a-zA-Z0-9-_.]{1,64}$/;
export const isValidClientId = (id) => CLIENT_ID_PATTERN.test(id);
