import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';
import * as content from './0002-content.ts';

/** Forward-only migrations, applied in name order at start. Never edit one that has shipped: add the next. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-content': content,
};
