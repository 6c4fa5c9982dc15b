import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

const ROUNDS = 25;

for (const kind of DB_KINDS) {
  describe(`${kind}: deleting a tag while writes add it`, () => {
    const api = useServer(kind);
    const version = (v: number) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });
    const tagLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Tag', id } });
    const asset = (tags: string[]) => ({
      fields: { title: { 'en-US': 'Tagged' } },
      metadata: { tags: tags.map(tagLink) },
    });

    /** Tags still carried by an asset (draft or published) whose tag row is gone: what the race used to leave behind. */
    async function dangling(spaceId: string): Promise<string[]> {
      const { rows } = await api()
        .tessera.database.db.selectFrom('assets')
        .select(['tags', 'published_tags'])
        .where('space_id', '=', spaceId)
        .execute()
        .then((r) => ({ rows: r }));
      const carried = new Set(
        rows.flatMap((r) => [...(r.tags as string[]), ...((r.published_tags as string[] | null) ?? [])]),
      );
      const existing = new Set(
        (await api().tessera.database.db.selectFrom('tags').select('id').where('space_id', '=', spaceId).execute()).map(
          (t) => t.id,
        ),
      );
      return [...carried].filter((id) => !existing.has(id));
    }

    it('either the delete is refused (422) or the write is (422): no asset ever carries a deleted tag', async () => {
      const spaceId = (await api().post('/spaces', { name: 'Tag race' })).body.sys.id as string;
      const base = `/spaces/${spaceId}/environments/master`;
      // One asset updated in place each round (update path) and a new asset each round (create path).
      const existing = (await api().put(`${base}/assets/updated`, asset([]))).body;
      let assetVersion = existing.sys.version as number;
      for (let round = 0; round < ROUNDS; round += 1) {
        const tag = `t${round}`;
        expect((await api().put(`${base}/tags/${tag}`, { name: tag })).status).toBe(201);
        const [deleted, created, updated] = await Promise.all([
          api().delete(`${base}/tags/${tag}`, version(1)),
          api().put(`${base}/assets/created-${round}`, asset([tag])),
          api().put(`${base}/assets/updated`, asset([tag]), version(assetVersion)),
        ]);
        expect([204, 422], deleted.text).toContain(deleted.status);
        expect([201, 422], created.text).toContain(created.status);
        expect([200, 422], updated.text).toContain(updated.status);
        if (updated.status === 200) assetVersion = updated.body.sys.version;
        if (deleted.status === 204) {
          // The delete won: both writes were refused for the unknown tag.
          expect(created.status).toBe(422);
          expect(updated.status).toBe(422);
          expect(created.body.details.errors[0]).toMatchObject({
            name: 'notResolvable',
            path: ['metadata', 'tags', 0],
          });
        } else {
          expect(deleted.body.sys.id).toBe('ActionPreconditionsFailed');
          expect(created.status === 201 || updated.status === 200).toBe(true);
        }
        expect(await dangling(spaceId)).toEqual([]);
      }
    });
  });
}
