import { sql } from 'kysely';
import { expect } from 'vitest';
import { isoDateMillis } from '../../src/domain/content-model/value-shape.ts';
import { contentFixtures } from './content-fixtures.ts';
import type { TestServer } from './harness.ts';

export const field = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  type,
  localized: false,
  required: false,
  disabled: false,
  omitted: false,
  validations: [],
  ...extra,
});
export const FIELDS = [
  field('title', 'Symbol', { localized: true }),
  field('views', 'Integer'),
  field('score', 'Number'),
  field('day', 'Date'),
  field('flag', 'Boolean'),
  field('body', 'Text'),
];
const INDEXED = new Set(['Symbol', 'Integer', 'Number', 'Date', 'Boolean']);

/** A locale value as the search index holds it (see migration 0007), or undefined when it holds none. */
function indexed(type: string, value: unknown): string | undefined {
  if (type === 'Symbol') return typeof value === 'string' ? `text:${value}` : undefined;
  if (type === 'Boolean') return typeof value === 'boolean' ? `num:${value ? 1 : 0}` : undefined;
  if (type === 'Date') return typeof value === 'string' ? `num:${isoDateMillis(value) / 1000}` : undefined;
  return typeof value === 'number' ? `num:${value}` : undefined;
}

/**
 * The search index (entry_values) against the entries' JSON: every environment of a space, every entry, every
 * indexed field and locale, draft and published (one row when both sides hold the same value). Filters, totals and
 * ordering through the index are right exactly when this holds, whatever wrote the entries. `setup` arranges a space
 * whose entries cover every indexed type, draft and published, changed, unpublished and archived.
 */
export function searchIndexFixtures(api: () => TestServer) {
  const f = contentFixtures(api);
  const db = () => api().tessera.database.db;

  async function expected(spaceId: string): Promise<string[]> {
    const types = await db().selectFrom('content_types').selectAll().where('space_id', '=', spaceId).execute();
    const entries = await db().selectFrom('entries').selectAll().where('space_id', '=', spaceId).execute();
    const rows: string[] = [];
    for (const e of entries) {
      const type = types.find((t) => t.environment_id === e.environment_id && t.id === e.content_type_id)!;
      const definition = ((type.published as any)?.fields ?? type.fields) as Array<{ id: string; type: string }>;
      for (const { id, type: fieldType } of definition.filter((d) => INDEXED.has(d.type))) {
        const draft = (e.fields as any)[id] ?? {};
        const published = (e.published_fields as any)?.[id] ?? {};
        for (const locale of new Set([...Object.keys(draft), ...Object.keys(published)])) {
          const [d, p] = [indexed(fieldType, draft[locale]), indexed(fieldType, published[locale])];
          const at = `${e.environment_id} ${e.content_type_id}.${id}.${locale} ${e.id}`;
          if (d !== undefined && d === p) rows.push(`${at} 3 ${d}`);
          else {
            if (d !== undefined) rows.push(`${at} 1 ${d}`);
            if (p !== undefined) rows.push(`${at} 2 ${p}`);
          }
        }
      }
    }
    return rows.sort();
  }

  async function actual(spaceId: string): Promise<string[]> {
    const { rows } =
      await sql<any>`select s.environment_id, s.content_type_id, s.field_id, s.locale, v.entry_id, v.states, v.num, v.text
      from entry_values v join entry_value_slots s on s.id = v.slot where s.space_id = ${spaceId}`.execute(db());
    return rows
      .map(
        (r) =>
          `${r.environment_id} ${r.content_type_id}.${r.field_id}.${r.locale} ${r.entry_id} ${r.states} ${
            r.text !== null ? `text:${r.text}` : `num:${Number(r.num)}`
          }`,
      )
      .sort();
  }

  const expectIndexInStep = async (spaceId: string) => expect(await actual(spaceId)).toEqual(await expected(spaceId));

  async function setup() {
    const s = await f.space('Index');
    const ct = `${s.m('content_types')}/doc`;
    expect((await api().put(ct, { name: 'Doc', displayField: 'title', fields: FIELDS })).status).toBe(201);
    expect((await api().put(`${ct}/published`, undefined, f.version(1))).status).toBe(200);
    const entries: Record<string, { id: string; version: number }> = {};
    const create = async (name: string, fields: Record<string, unknown>) => {
      const res = await api().put(`${s.m('entries')}/${name}`, { fields }, f.ctHeader('doc'));
      expect(res.status, res.text).toBe(201);
      entries[name] = { id: res.body.sys.id, version: res.body.sys.version };
    };
    const write = async (name: string, path: string, method: 'PUT' | 'DELETE', body?: unknown) => {
      const res = await api().request(method, `${s.m('entries')}/${name}${path}`, {
        body,
        headers: f.version(entries[name]!.version).headers,
      });
      expect(res.status, res.text).toBeLessThan(300);
      if (res.body?.sys) entries[name]!.version = res.body.sys.version;
    };
    const en = (v: unknown) => ({ 'en-US': v });
    await create('d1', {
      title: { 'en-US': 'Alpha', 'de-DE': 'Alpha DE' },
      views: en(10),
      score: en(1.5),
      day: en('2024-01-01'),
      flag: en(true),
      body: en('x'),
    });
    await create('d2', { title: en('beta'), views: en(20), day: en('2024-01-02T10:00:00Z'), flag: en(false) });
    await create('d3', { title: { 'de-DE': 'Gamma' }, views: en(30), day: en('2023-12-31T23:00:00-02:00') });
    await create('d4', { views: en(5) });
    await create('d5', { body: en('nothing indexed') });
    await write('d1', '/published', 'PUT');
    await write('d2', '/published', 'PUT');
    await write('d2', '', 'PUT', {
      fields: { title: en('beta'), views: en(25), day: en('2024-01-02T10:00:00Z'), flag: en(false) },
    });
    await write('d4', '/published', 'PUT');
    await write('d4', '/published', 'DELETE');
    await write('d4', '/archived', 'PUT');
    return { ...s, ct, write };
  }

  const ids = async (path: string, query: string) => {
    const res = await api().get(`${path}?${query}`);
    expect(res.status, res.text).toBe(200);
    return { total: res.body.total as number, ids: (res.body.items as any[]).map((i) => i.sys.id) };
  };

  return { expected, actual, expectIndexInStep, setup, ids };
}
