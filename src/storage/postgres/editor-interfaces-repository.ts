import { sql } from 'kysely';
import type {
  EditorInterfaceKey,
  EditorInterfaceRecord,
  EditorInterfacesRepository,
} from '../port/editor-interfaces.ts';
import { filtered, millis, paged, type CollectionColumns } from './collection-page.ts';
import type { Executor } from './executor.ts';

const toEditorInterface = (r: any): EditorInterfaceRecord => ({
  spaceId: r.space_id,
  environmentId: r.environment_id,
  contentTypeId: r.content_type_id,
  controls: r.controls ?? [],
  sidebar: r.sidebar,
  editors: r.editors,
  editorLayout: r.editor_layout,
  groupControls: r.group_controls,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Every editor interface is presented with the id `default`. */
const COLUMNS: CollectionColumns<EditorInterfaceKey> = {
  id: sql`'default'::text`,
  contentTypeId: 'editor_interfaces.content_type_id',
  createdAt: millis('editor_interfaces.created_at'),
  updatedAt: millis('editor_interfaces.updated_at'),
  version: 'editor_interfaces.version',
  createdBy: 'editor_interfaces.created_by',
  updatedBy: 'editor_interfaces.updated_by',
};

const jsonOrNull = (value: unknown[] | null) => (value === null ? null : JSON.stringify(value));

export function editorInterfacesRepository(db: Executor): EditorInterfacesRepository {
  const inEnvironment = (spaceId: string, environmentId: string) =>
    db
      .selectFrom('editor_interfaces')
      .where('editor_interfaces.space_id', '=', spaceId)
      .where('editor_interfaces.environment_id', '=', environmentId);

  return {
    async find(spaceId, environmentId, contentTypeId) {
      const row = await inEnvironment(spaceId, environmentId)
        .selectAll()
        .where('content_type_id', '=', contentTypeId)
        .executeTakeFirst();
      return row && toEditorInterface(row);
    },
    async page(spaceId, environmentId, page) {
      const base = filtered(inEnvironment(spaceId, environmentId), page, COLUMNS);
      // Without an order, in the order the content types were created.
      const byContentType = page.order?.length
        ? base
        : base
            .innerJoin('content_types as ct', (join) =>
              join
                .onRef('ct.space_id', '=', 'editor_interfaces.space_id')
                .onRef('ct.environment_id', '=', 'editor_interfaces.environment_id')
                .onRef('ct.id', '=', 'editor_interfaces.content_type_id'),
            )
            .orderBy('ct.created_at')
            .orderBy('ct.id');
      const [rows, count] = await Promise.all([
        paged(
          byContentType.selectAll('editor_interfaces'),
          page,
          COLUMNS,
          'editor_interfaces.content_type_id',
        ).execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toEditorInterface), total: count.n };
    },
    async insert(spaceId, environmentId, contentTypeId, controls, userId) {
      return toEditorInterface(
        await db
          .insertInto('editor_interfaces')
          .values({
            space_id: spaceId,
            environment_id: environmentId,
            content_type_id: contentTypeId,
            controls: JSON.stringify(controls),
            created_by: userId,
            updated_by: userId,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },
    async update(spaceId, environmentId, contentTypeId, c, expectedVersion, userId) {
      const row = await db
        .updateTable('editor_interfaces')
        .set({
          controls: JSON.stringify(c.controls),
          sidebar: jsonOrNull(c.sidebar),
          editors: jsonOrNull(c.editors),
          editor_layout: jsonOrNull(c.editorLayout),
          group_controls: jsonOrNull(c.groupControls),
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
        })
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('content_type_id', '=', contentTypeId)
        .where('version', '=', expectedVersion)
        .returningAll()
        .executeTakeFirst();
      return row && toEditorInterface(row);
    },
  };
}
