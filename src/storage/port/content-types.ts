import type { ContentTypeDefinition, FieldDefinition } from '../../domain/content-model/field.ts';
import type { Audit } from './records.ts';

/** Publishing metadata shared by content types, entries and assets. */
export interface PublishState {
  version: number;
  publishedVersion: number | null;
  publishedCounter: number;
  publishedAt: string | null;
  publishedBy: string | null;
  firstPublishedAt: string | null;
}

export interface ContentTypeRecord extends Audit, PublishState {
  spaceId: string;
  environmentId: string;
  id: string;
  name: string;
  description: string | null;
  displayField: string | null;
  fields: FieldDefinition[];
  /** The activated definition, or null while the content type has never been activated or is deactivated. */
  published: ContentTypeDefinition | null;
}

/** Content types of one environment (built with the content issue). */
export interface ContentTypesRepository {
  find(spaceId: string, environmentId: string, id: string): Promise<ContentTypeRecord | undefined>;
}
