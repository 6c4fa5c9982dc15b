import { createHash, randomBytes } from 'node:crypto';
/** Tokens carry 256 random bits, so a fast hash is enough to store them; the secret itself is never stored. */
export const hashToken = (token) => createHash('sha256').update(token).digest('hex');
export const newPersonalAccessToken = () => `TPAT-${randomBytes(32).toString('hex')}`;
export const newDeliveryToken = () => randomBytes(32).toString('hex').slice(0, 43);
