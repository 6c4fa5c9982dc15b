import type { FieldDefinition } from '../../domain/content-model/field.ts';
import type { EntryRecord } from '../../domain/delivery/index.ts';
import type { GraphqlContext, ReadState, Resolved } from '../context.ts';
import { executionError } from '../errors.ts';

/**
 * One link of a field, resolved through the request's reads in the given read state: UNRESOLVABLE_LINK when the target
 * is missing (in that state), UNEXPECTED_LINKED_CONTENT_TYPE when an entry is not of one of `allowed` (none: any).
 */
export async function resolveLink(
  ctx: GraphqlContext,
  parent: Resolved,
  d: FieldDefinition,
  typeName: string,
  link: unknown,
  read: ReadState,
  allowed: string[],
): Promise<Resolved | null> {
  const sys = (link as { sys?: { id?: string; linkType?: string } } | null)?.sys;
  if (!sys?.id) return null;
  const target = sys.linkType === 'Asset' ? 'Asset' : 'Entry';
  const record = await ctx.reads.load(target, read.preview ? 'draft' : 'published', sys.id);
  if (!record) {
    throw executionError(
      'UNRESOLVABLE_LINK',
      `Query execution error. Link from entry '${parent.record.id}' to ${target.toLowerCase()} '${sys.id}' on field '${d.id}' within type '${typeName}' cannot be resolved`,
      { type: typeName, field: d.id, linkType: target, linkId: sys.id, linkingEntryId: parent.record.id },
    );
  }
  if (target === 'Entry' && allowed.length && !allowed.includes((record as EntryRecord).contentTypeId)) {
    throw executionError(
      'UNEXPECTED_LINKED_CONTENT_TYPE',
      `Query execution error. Link from entry '${parent.record.id}' to entry '${sys.id}' on field '${d.id}' within type '${typeName}' returned an unexpected content type`,
      {
        type: typeName,
        field: d.id,
        linkId: sys.id,
        linkingEntryId: parent.record.id,
        contentType: (record as EntryRecord).contentTypeId,
      },
    );
  }
  return { record, ...read };
}
