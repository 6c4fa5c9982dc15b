import { expect } from 'vitest';
import type { FieldDefinition } from '../../src/domain/content-model/field.ts';
import { generateId } from '../../src/lib/ids.ts';
import { LINK_STATE_BITS } from '../../src/storage/postgres/entry-links.ts';
import type { TestServer } from './harness.ts';

export type FieldSpec = Partial<FieldDefinition> & Pick<FieldDefinition, 'id' | 'type'>;

const field = (f: FieldSpec): FieldDefinition => ({
  name: f.id,
  localized: false,
  required: false,
  disabled: false,
  omitted: false,
  validations: [],
  ...f,
});

/**
 * Fixtures for the entry and asset suites. Content types and tags are written straight into the database in
 * the stored form of their repositories, so these suites do not depend on the content-model and tag APIs.
 */
export function contentFixtures(api: () => TestServer) {
  const db = () => api().tessera.database.db;
  const header = (suffix: string, value: string | number) => ({ [`${api().vendorPrefix}-${suffix}`]: String(value) });
  const version = (v: number | string) => ({ headers: header('Version', v) });
  const ctHeader = (id: string) => ({ headers: header('Content-Type', id) });

  /** A fresh space with locales en-US (default) and de-DE (optional) in master. */
  async function space(name = 'Content') {
    const res = await api().post('/spaces', { name, defaultLocale: 'en-US' });
    expect(res.status).toBe(201);
    const id = res.body.sys.id as string;
    expect((await api().post(`/spaces/${id}/locales`, { name: 'German', code: 'de-DE', optional: true })).status).toBe(
      201,
    );
    return {
      id,
      /** Path of a collection in master, without an environment segment. */
      m: (collection: string) => `/spaces/${id}/${collection}`,
      /** Path of a collection in a named environment (or alias). */
      e: (environment: string, collection: string) => `/spaces/${id}/environments/${environment}/${collection}`,
    };
  }

  /** A content type, activated unless `activated` is false (then never activated). */
  async function contentType(
    spaceId: string,
    id: string,
    fields: FieldSpec[],
    options: { environment?: string; activated?: boolean } = {},
  ) {
    const definition = { name: id, description: null, displayField: fields[0]?.id ?? null, fields: fields.map(field) };
    const activated = options.activated ?? true;
    await db()
      .insertInto('content_types')
      .values({
        space_id: spaceId,
        environment_id: options.environment ?? 'master',
        id,
        name: id,
        description: null,
        display_field: definition.displayField,
        fields: JSON.stringify(definition.fields),
        version: activated ? 2 : 1,
        published: activated ? JSON.stringify(definition) : null,
        published_version: activated ? 1 : null,
        published_counter: activated ? 1 : 0,
      } as never)
      .execute();
    // Written below the API, so nothing invalidated what the read cache derived from the model (GraphQL's schema version).
    api().tessera.cache?.clear();
  }

  async function tag(spaceId: string, id: string, environment = 'master') {
    await db()
      .insertInto('tags')
      .values({
        space_id: spaceId,
        environment_id: environment,
        id,
        name: `${id}-${generateId()}`,
        visibility: 'private',
      } as never)
      .execute();
  }

  /** The stored row of an entry or asset (or undefined), read below the API. */
  const row = (table: 'entries' | 'assets', spaceId: string, id: string, environment = 'master') =>
    db()
      .selectFrom(table as 'entries')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('environment_id', '=', environment)
      .where('id', '=', id)
      .executeTakeFirst();

  const count = async (table: 'entries' | 'assets' | 'snapshots' | 'entry_links', spaceId: string) =>
    (
      await db()
        .selectFrom(table as 'entries')
        .select(db().fn.countAll<number>().as('n'))
        .where('space_id', '=', spaceId)
        .executeTakeFirstOrThrow()
    ).n;

  /** The links of an entry in the link index, one per state that holds it, as `state field locale position -> Type:id`, sorted. */
  async function links(spaceId: string, entryId: string, environment = 'master') {
    const rows = await db()
      .selectFrom('entry_links')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('environment_id', '=', environment)
      .where('source_id', '=', entryId)
      .execute();
    return rows
      .flatMap((r) =>
        Object.entries(LINK_STATE_BITS)
          .filter(([, bit]) => (r.states & bit) !== 0)
          .map(([state]) => `${state} ${r.field_id} ${r.locale} ${r.position} -> ${r.target_type}:${r.target_id}`),
      )
      .sort();
  }

  return { db, header, version, ctHeader, space, contentType, tag, row, count, links };
}

export const entryLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
export const assetLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Asset', id } });
export const tagLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Tag', id } });
