import { describe, expect, it } from 'vitest';
import type { ContentChange, Repositories, Storage } from '../../storage/port/index.ts';
import type { ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { changeOf } from './content-change.ts';
import { writePath } from './write-path.ts';

/** A storage whose repositories are markers, recording the transactions opened and the change each was given. */
function recordingStorage() {
  const root = { name: 'root' } as unknown as Repositories;
  const inTransaction = { name: 'transaction' } as unknown as Repositories;
  const opened: Array<ContentChange | undefined> = [];
  const storage = {
    repos: root,
    transaction: async <T>(work: (repos: Repositories) => Promise<T>, options?: { change?: ContentChange }) => {
      opened.push(options?.change);
      return work(inTransaction);
    },
  } as unknown as Storage;
  return { storage, root, inTransaction, opened };
}

const resolved = (requestedId: string): ResolvedEnvironment =>
  ({ environment: { spaceId: 's', id: 'target' }, requestedId }) as unknown as ResolvedEnvironment;

describe('the content write path', () => {
  it('runs a write that records its change itself as one statement alone, else in a transaction given the change', async () => {
    const { storage, root, inTransaction, opened } = recordingStorage();
    const path = writePath(storage);
    const change = { requestedEnvironmentId: 'alias' };
    expect(await path.statementOrTransaction(change, true, async (repos) => repos)).toBe(root);
    expect(opened).toEqual([]);
    const order: string[] = [];
    const written = await path.statementOrTransaction(
      change,
      false,
      async (repos) => (order.push('write'), repos),
      async () => void order.push('lock'),
    );
    expect(written).toBe(inTransaction);
    expect(order).toEqual(['lock', 'write']);
    expect(opened).toEqual([change]);
  });

  it('explains a conditional write that wrote nothing, and runs the follow-ups of one that wrote', async () => {
    const { storage } = recordingStorage();
    const path = writePath(storage);
    const followed: string[] = [];
    const explain = async () => {
      throw new Error('refused');
    };
    await expect(path.conditional({}, async () => undefined, explain)).rejects.toThrow('refused');
    expect(
      await path.conditional(
        {},
        async () => 'row',
        explain,
        async (_, w) => void followed.push(w),
      ),
    ).toBe('row');
    expect(followed).toEqual(['row']);
  });

  it('describes a change once: the alias the request named, auto_save, the actor of a delete; nothing on the common path', () => {
    expect(changeOf(resolved('target'))).toEqual({});
    expect(changeOf(resolved('target'))).toBe(changeOf(resolved('target')));
    expect(changeOf(resolved('master'))).toEqual({ requestedEnvironmentId: 'master' });
    expect(changeOf(resolved('target'), { autoSave: true })).toEqual({ autoSave: true });
    expect(changeOf(resolved('master'), { actorId: 'u' })).toEqual({ requestedEnvironmentId: 'master', actorId: 'u' });
  });
});
