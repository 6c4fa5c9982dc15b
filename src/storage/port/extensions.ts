import type { Audit, AuditKey, Page, PageRequest } from './records.ts';

/** A UI extension: its definition and the values of its installation parameters. */
export interface ExtensionRecord extends Audit {
  spaceId: string;
  environmentId: string;
  id: string;
  extension: Record<string, unknown>;
  parameters: Record<string, unknown>;
  version: number;
}

/** What extension lists order and filter by. */
export type ExtensionOrderKey = AuditKey | 'id';

/** UI extensions of one environment. */
export interface ExtensionsRepository {
  find(spaceId: string, environmentId: string, id: string): Promise<ExtensionRecord | undefined>;
  page(spaceId: string, environmentId: string, page: PageRequest<ExtensionOrderKey>): Promise<Page<ExtensionRecord>>;
  /** Inserts a new extension; undefined when the id is taken. */
  insert(
    record: Pick<ExtensionRecord, 'spaceId' | 'environmentId' | 'id' | 'extension' | 'parameters'> & {
      createdBy: string;
    },
  ): Promise<ExtensionRecord | undefined>;
  /** Replaces the extension when `expectedVersion` is current; undefined otherwise (or when gone). */
  update(
    spaceId: string,
    environmentId: string,
    id: string,
    changes: Pick<ExtensionRecord, 'extension' | 'parameters'>,
    expectedVersion: number,
    userId: string,
  ): Promise<ExtensionRecord | undefined>;
  delete(spaceId: string, environmentId: string, id: string): Promise<boolean>;
}
