import { hash, randomBytes } from 'node:crypto';

/** Tokens carry 256 random bits, so a fast hash is enough to store them; the secret itself is never stored. */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

export const newPersonalAccessToken = (): string => `TPAT-${randomBytes(32).toString('hex')}`;

export const newDeliveryToken = (): string => randomBytes(32).toString('hex').slice(0, 43);
