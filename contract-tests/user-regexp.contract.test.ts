import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

const field = (id: string, validations: unknown[]) => ({ id, name: id, type: 'Text', validations });

/** `regexp`/`prohibitRegexp` patterns run on RE2: linear time at publish, lookaround and backreferences refused at save. */
for (const kind of DB_KINDS) {
  describe(`${kind}: user regexps`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    async function activated(fields: unknown[]) {
      const s = await f.space();
      const ct = `${s.m('content_types')}/post`;
      expect((await api().put(ct, { name: 'Post', fields })).status).toBe(201);
      expect((await api().put(`${ct}/published`, undefined, f.version(1))).status).toBe(200);
      return { ...s, ct };
    }

    it('publishes against a catastrophic-backtracking pattern without stalling, with the right verdict', async () => {
      const s = await activated([
        field('code', [{ regexp: { pattern: '^(a+)+$' } }]),
        field('other', [{ prohibitRegexp: { pattern: '^(a|aa)+$' } }]),
      ]);
      const evil = `${'a'.repeat(5000)}b`;
      const entry = await api().post(
        s.m('entries'),
        { fields: { code: { 'en-US': evil }, other: { 'en-US': evil } } },
        f.ctHeader('post'),
      );
      expect(entry.status).toBe(201);
      const refused = await api().put(`${s.m('entries')}/${entry.body.sys.id}/published`, undefined, f.version(1));
      expect(refused.status).toBe(422);
      expect(refused.body.sys.id).toBe('ValidationFailed');
      expect(refused.body.details.errors).toEqual([
        expect.objectContaining({ name: 'regexp', pattern: '^(a+)+$', path: ['fields', 'code', 'en-US'] }),
      ]);

      const fixed = await api().put(
        `${s.m('entries')}/${entry.body.sys.id}`,
        { fields: { code: { 'en-US': 'a'.repeat(5000) }, other: { 'en-US': evil } } },
        f.version(1),
      );
      expect(fixed.status).toBe(200);
      expect(
        (await api().put(`${s.m('entries')}/${entry.body.sys.id}/published`, undefined, f.version(2))).status,
      ).toBe(200);
    });

    it('refuses at save a pattern RE2 cannot run, naming the path and why, and saves nothing', async () => {
      const s = await activated([field('slug', [{ regexp: { pattern: '^[a-z]+$' } }])]);
      const cases: Array<[unknown, string]> = [
        [{ regexp: { pattern: '^(?=.*\\d)\\w+$' } }, 'not supported: lookaround'],
        [{ prohibitRegexp: { pattern: '(?<!x)y' } }, 'not supported: lookaround'],
        [{ regexp: { pattern: '^(\\w)\\1$' } }, 'not supported: backreferences'],
        [{ regexp: { pattern: 'a', flags: 'x' } }, '"flags" may only contain'],
      ];
      for (const [validation, why] of cases) {
        const res = await api().put(s.ct, { name: 'Post', fields: [field('slug', [validation])] }, f.version(2));
        expect(res.status, JSON.stringify(validation)).toBe(422);
        expect(res.body.sys.id).toBe('ValidationFailed');
        const key = Object.keys(validation as object)[0];
        expect(res.body.details.errors).toEqual([
          expect.objectContaining({
            name: key,
            path: ['fields', 0, 'validations', 0, key],
            details: expect.stringContaining(why),
          }),
        ]);
      }
      const now = (await api().get(s.ct)).body;
      expect(now.sys.version).toBe(2);
      expect(now.fields[0].validations).toEqual([{ regexp: { pattern: '^[a-z]+$' } }]);
    });
  });
}
