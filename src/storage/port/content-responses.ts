import type { SearchScope } from './search.ts';

/** A rendered answer to a content read, and the figure sent beside it. */
export interface CachedResponse {
  body: string;
  cost: number;
}

/**
 * Rendered answers to delivery reads (GraphQL responses) of one environment, kept until anything they may have read
 * changes: its entries, assets, content model, locales or tags, the environment itself or its space. Writes in any
 * process make them stale at once (at commit inside a transaction).
 */
export interface ContentResponseCache {
  get(scope: SearchScope, key: string): CachedResponse | undefined;
  /** Marks the start of a read whose answer may be stored: pass it to `set`, which refuses it when a write came since. */
  begin(): number;
  set(scope: SearchScope, key: string, response: CachedResponse, startedAt: number): void;
}
