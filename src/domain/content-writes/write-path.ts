import type { Repositories, Storage } from '../../storage/port/index.ts';
import type { ContentChange } from './content-change.ts';

/**
 * How a content write reaches the database: one statement alone, or a transaction that describes its change for the
 * event stream before its writes. The only place the content writes of the domain open transactions.
 */
export interface WritePath {
  /**
   * `write` as one statement outside any transaction when `alone` holds (the statement records `change` itself,
   * and may share a statement with concurrent ones), else in a transaction that runs `first` (locks) before it.
   */
  statementOrTransaction<T>(
    change: ContentChange,
    alone: boolean,
    write: (repos: Repositories) => Promise<T>,
    first?: (repos: Repositories) => Promise<void>,
  ): Promise<T>;
  /** `work` in one transaction whose writes' events record `change` (undefined: writes that record no event). */
  transaction<T>(change: ContentChange | undefined, work: (repos: Repositories) => Promise<T>): Promise<T>;
  /**
   * A conditional write and its follow-up writes in one transaction: when `write` wrote nothing, `explain` (in the
   * same transaction) throws why: 404, 409 or a state rule's 400.
   */
  conditional<R>(
    change: ContentChange,
    write: (repos: Repositories) => Promise<R | undefined>,
    explain: (repos: Repositories) => Promise<never>,
    followUp?: (repos: Repositories, written: R) => Promise<void>,
  ): Promise<R>;
}

export function writePath(storage: Storage): WritePath {
  const transaction = <T>(change: ContentChange | undefined, work: (repos: Repositories) => Promise<T>) =>
    storage.transaction(work, change ? { change } : undefined);
  return {
    statementOrTransaction(change, alone, write, first) {
      if (alone) return write(storage.repos);
      return transaction(change, async (repos) => {
        await first?.(repos);
        return write(repos);
      });
    },
    transaction,
    conditional(change, write, explain, followUp) {
      return transaction(change, async (repos) => {
        const written = await write(repos);
        if (written === undefined) return explain(repos);
        await followUp?.(repos, written);
        return written;
      });
    },
  };
}
