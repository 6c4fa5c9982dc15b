import type { Audit, AuditKey, CollectionPage, Page } from './records.ts';

/** One control of an editor interface. */
export interface EditorControl {
  fieldId: string;
  widgetId?: string;
  widgetNamespace?: string;
  settings?: Record<string, unknown>;
}

/** The editor interface of one content type. */
export interface EditorInterfaceRecord extends Audit {
  spaceId: string;
  environmentId: string;
  contentTypeId: string;
  controls: EditorControl[];
  sidebar: unknown[] | null;
  editors: unknown[] | null;
  editorLayout: unknown[] | null;
  groupControls: unknown[] | null;
  version: number;
}

/** What editor interface lists order and filter by (`id` is always `default`). */
export type EditorInterfaceKey = AuditKey | 'id' | 'contentTypeId';

/** The replaceable parts of an editor interface. */
export type EditorInterfaceChanges = Pick<
  EditorInterfaceRecord,
  'controls' | 'sidebar' | 'editors' | 'editorLayout' | 'groupControls'
>;

/** Editor interfaces of one environment. */
export interface EditorInterfacesRepository {
  find(spaceId: string, environmentId: string, contentTypeId: string): Promise<EditorInterfaceRecord | undefined>;
  /** A page of editor interfaces; without an order, in the order their content types were created. */
  page(
    spaceId: string,
    environmentId: string,
    page: CollectionPage<EditorInterfaceKey>,
  ): Promise<Page<EditorInterfaceRecord>>;
  insert(
    spaceId: string,
    environmentId: string,
    contentTypeId: string,
    controls: EditorControl[],
    userId: string,
  ): Promise<EditorInterfaceRecord>;
  /** Replaces the editor interface when `expectedVersion` is current; undefined otherwise (or when gone). */
  update(
    spaceId: string,
    environmentId: string,
    contentTypeId: string,
    changes: EditorInterfaceChanges,
    expectedVersion: number,
    userId: string,
  ): Promise<EditorInterfaceRecord | undefined>;
}
