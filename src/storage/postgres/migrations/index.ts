import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';

/** Forward-only migrations, applied in name order at start. Never edit one that has shipped: add the next. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
};
