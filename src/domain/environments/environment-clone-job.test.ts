import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import { PermanentJobError } from '../../jobs/job-handler.ts';
import type { Storage } from '../../storage/port/index.ts';
import type { OpenDatabase } from '../../storage/postgres/index.ts';
import { environmentCloneJob } from './environment-clone-job.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: environment clone job`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
      const { identity, spaces, environments, locales } = storage.repos;
      await identity.insertOrganization({ id: 'org', name: 'Org' });
      await spaces.insert({ id: 'space', organizationId: 'org', name: 'S', createdBy: 'u' });
      await environments.insert({
        spaceId: 'space',
        id: 'master',
        name: 'master',
        status: 'ready',
        sourceEnvironmentId: null,
        createdBy: 'u',
      });
      for (const [id, code, isDefault] of [
        ['l1', 'en-US', true],
        ['l2', 'de-DE', false],
      ] as const) {
        await locales.insert({
          spaceId: 'space',
          environmentId: 'master',
          id,
          code,
          name: code,
          fallbackCode: isDefault ? null : 'en-US',
          default: isDefault,
          contentManagementApi: true,
          contentDeliveryApi: !isDefault,
          optional: !isDefault,
          createdBy: 'u',
        });
      }
    });
    afterAll(async () => {
      await close?.();
    });

    const localeRows = (environmentId: string) =>
      open.db
        .selectFrom('locales')
        .selectAll()
        .where('space_id', '=', 'space')
        .where('environment_id', '=', environmentId)
        .orderBy('id')
        .execute();
    const queued = (id: string, source: string) =>
      storage.repos.environments.insert({
        spaceId: 'space',
        id,
        name: id,
        status: 'queued',
        sourceEnvironmentId: source,
        createdBy: 'u',
      });

    it('copies every row of the source with its ids and metadata, then marks the environment ready; a second run changes nothing', async () => {
      await queued('copy', 'master');
      const job = environmentCloneJob(storage);
      await job.run({ spaceId: 'space', environmentId: 'copy' }, { id: 1, attempt: 1 });
      expect((await storage.repos.environments.find('space', 'copy'))?.status).toBe('ready');
      const source = await localeRows('master');
      const copied = await localeRows('copy');
      expect(copied).toEqual(source.map((row) => ({ ...row, environment_id: 'copy' })));
      await job.run({ spaceId: 'space', environmentId: 'copy' }, { id: 1, attempt: 2 });
      expect(await localeRows('copy')).toEqual(copied);
    });

    it('fails for good when the source is gone, leaving nothing copied; onFailure marks the environment failed', async () => {
      await queued('lost', 'no-such-source');
      const job = environmentCloneJob(storage);
      await expect(job.run({ spaceId: 'space', environmentId: 'lost' }, { id: 2, attempt: 1 })).rejects.toBeInstanceOf(
        PermanentJobError,
      );
      expect((await storage.repos.environments.find('space', 'lost'))?.status).toBe('inProgress');
      expect(await localeRows('lost')).toEqual([]);
      await storage.transaction((repos) =>
        job.onFailure!(repos, { spaceId: 'space', environmentId: 'lost' }, new Error('gone')),
      );
      expect((await storage.repos.environments.find('space', 'lost'))?.status).toBe('failed');
    });

    it('does nothing for an environment deleted before the job ran', async () => {
      await queued('deleted', 'master');
      await storage.repos.environments.delete('space', 'deleted');
      await environmentCloneJob(storage).run({ spaceId: 'space', environmentId: 'deleted' }, { id: 3, attempt: 1 });
      expect(await storage.repos.environments.find('space', 'deleted')).toBeUndefined();
      expect(await localeRows('deleted')).toEqual([]);
    });
  });
}
