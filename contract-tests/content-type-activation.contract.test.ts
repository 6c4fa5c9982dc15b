import { describe, expect, it } from 'vitest';
import { contentFixtures, type FieldSpec } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

const field = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  type,
  validations: [],
  ...extra,
});

/** Activation refuses a definition that would make already-published entries invalid, and writes nothing then. */
for (const kind of DB_KINDS) {
  describe(`${kind}: activation against published data`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    /** An activated `post` (version 2) with a published entry lacking `summary`, a published one having it, and a draft lacking it. */
    async function setup(
      fields: FieldSpec[] = [
        { id: 'title', type: 'Symbol' },
        { id: 'summary', type: 'Text' },
      ],
    ) {
      const s = await f.space();
      await f.contentType(s.id, 'post', fields);
      const entry = async (values: Record<string, unknown>, publish: boolean) => {
        const res = await api().post(s.m('entries'), { fields: values }, f.ctHeader('post'));
        expect(res.status).toBe(201);
        if (publish)
          expect(
            (await api().put(`${s.m('entries')}/${res.body.sys.id}/published`, undefined, f.version(1))).status,
          ).toBe(200);
        return res.body.sys.id as string;
      };
      const lacking = await entry({ title: { 'en-US': 'No summary' } }, true);
      const having = await entry({ title: { 'en-US': 'With summary' }, summary: { 'en-US': 'S' } }, true);
      await entry({ summary: { 'en-US': 'Draft only, without a title' } }, false);
      const ct = `${s.m('content_types')}/post`;
      const save = async (next: unknown[]) => {
        const version = (await api().get(ct)).body.sys.version as number;
        const res = await api().put(ct, { name: 'post', displayField: 'title', fields: next }, f.version(version));
        expect(res.status, JSON.stringify(res.body.details)).toBe(200);
        return res.body.sys.version as number;
      };
      const activate = (version: number) => api().put(`${ct}/published`, undefined, f.version(version));
      return { ...s, ct, lacking, having, save, activate };
    }

    async function expectUnchanged(
      s: { ct: string; m: (c: string) => string },
      version: number,
      activatedFields: unknown[],
    ) {
      const now = (await api().get(s.ct)).body;
      expect(now.sys).toMatchObject({ version, publishedVersion: 1, publishedCounter: 1 });
      const active = (await api().get(s.m('public/content_types'))).body.items[0];
      expect(active.fields.map((x: any) => [x.id, x.required])).toEqual(activatedFields);
    }

    it('refuses making a field required that a published entry lacks, naming the entry, and changes nothing', async () => {
      const s = await setup();
      const version = await s.save([field('title', 'Symbol'), field('summary', 'Text', { required: true })]);
      const res = await s.activate(version);
      expect(res.status).toBe(400);
      expect(res.body.sys.id).toBe('BadRequest');
      expect(res.body.message).toBe('Previously published fields are invalid');
      expect(res.body.details.errors).toEqual([
        { entryId: s.lacking, name: 'required', path: ['fields', 'summary'], details: expect.any(String) },
      ]);
      await expectUnchanged(s, version, [
        ['title', false],
        ['summary', false],
      ]);
    });

    it('refuses a new required field that published entries lack', async () => {
      const s = await setup();
      const version = await s.save([
        field('title', 'Symbol'),
        field('summary', 'Text'),
        field('author', 'Symbol', { required: true }),
      ]);
      const res = await s.activate(version);
      expect(res.status).toBe(400);
      expect(res.body.details.errors.map((e: any) => e.entryId).sort()).toEqual([s.lacking, s.having].sort());
      await expectUnchanged(s, version, [
        ['title', false],
        ['summary', false],
      ]);
    });

    it('refuses published values that no longer fit the field type', async () => {
      const s = await setup();
      const version = (await api().get(s.ct)).body.sys.version as number;
      // The API never lets a field type change; a draft written below it stands for any definition that would.
      const draft = [field('title', 'Integer'), field('summary', 'Text')].map((x) => ({
        ...x,
        localized: false,
        required: false,
        disabled: false,
        omitted: false,
      }));
      await f
        .db()
        .updateTable('content_types' as never)
        .set({ fields: JSON.stringify(draft) } as never)
        .where('space_id' as never, '=', s.id as never)
        .where('id' as never, '=', 'post' as never)
        .execute();
      const res = await s.activate(version);
      expect(res.status).toBe(400);
      expect(res.body.details.errors).toContainEqual(
        expect.objectContaining({ entryId: s.lacking, name: 'type', path: ['fields', 'title', 'en-US'] }),
      );
      expect((await api().get(s.m('public/content_types'))).body.items[0].fields[0].type).toBe('Symbol');
    });

    it('activates when every published entry has the newly required field, whatever drafts lack', async () => {
      const s = await setup([
        { id: 'title', type: 'Symbol' },
        { id: 'summary', type: 'Text' },
      ]);
      const version = await s.save([field('title', 'Symbol', { required: true }), field('summary', 'Text')]);
      const res = await s.activate(version);
      expect(res.status).toBe(200);
      expect(res.body.sys.publishedVersion).toBe(version);
      expect((await api().get(s.m('public/content_types'))).body.items[0].fields[0].required).toBe(true);
    });

    it('activates narrowed validations, a required field renamed, and an omitted required field', async () => {
      const s = await setup();
      const version = await s.save([
        field('title', 'Symbol', { required: true, newId: 'headline', validations: [{ size: { max: 2 } }] }),
        field('summary', 'Text', { required: true, omitted: true }),
      ]);
      const res = await s.activate(version);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.fields.map((x: any) => x.id)).toEqual(['headline', 'summary']);
      expect((await api().get(`${s.m('entries')}/${s.lacking}`)).body.fields).toEqual({
        headline: { 'en-US': 'No summary' },
      });
    });
  });
}
