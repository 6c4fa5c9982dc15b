import { and, type Condition, type TagsPath } from '../domain/search/query.ts';
import type { GraphqlContext } from './context.ts';

const TAGS: TagsPath = { kind: 'tags' };
const NEVER: Condition = { kind: 'or', conditions: [] };
const ALWAYS: Condition = and();

type IdList = Array<string | null> | null | undefined;
export interface MetadataFilterValue {
  tags_exists?: boolean | null;
  tags?: { id_contains_all?: IdList; id_contains_some?: IdList; id_contains_none?: IdList } | null;
}

/** What compiling a `<vendor>Metadata` filter needs: its key and the environment's public tag ids. */
export interface MetadataCompileOptions {
  field: string;
  publicTagIds: ReadonlySet<string>;
}

/** Whether a `where` names `field`, at its top or inside AND/OR. */
function names(where: Record<string, unknown> | null | undefined, field: string): boolean {
  if (!where) return false;
  if (where[field] !== undefined && where[field] !== null) return true;
  return ['AND', 'OR'].some(
    (key) =>
      Array.isArray(where[key]) && (where[key] as Array<Record<string, unknown> | null>).some((w) => names(w, field)),
  );
}

/** `options` with those of the metadata filter `field` when the `where` uses it (the public tags are read only then). */
export async function withMetadataOptions<O extends object>(
  ctx: GraphqlContext,
  options: O,
  where: Record<string, unknown> | null | undefined,
  field: string,
): Promise<O & { metadata?: MetadataCompileOptions }> {
  return { ...options, metadata: await metadataCompileOptions(ctx, where, field) };
}

/** The compile options of the metadata filter `field` of a `where`; the public tags are read only when it is used. */
async function metadataCompileOptions(
  ctx: GraphqlContext,
  where: Record<string, unknown> | null | undefined,
  field: string,
): Promise<MetadataCompileOptions | undefined> {
  if (!names(where, field)) return undefined;
  return { field, publicTagIds: new Set((await ctx.reads.publicTags()).keys()) };
}

/**
 * A `<vendor>Metadata` filter compiled to the conditions REST compiles `metadata.tags[exists]` and
 * `metadata.tags.sys.id[all]`, `[in]`, `[nin]` to, over the tags these APIs show (public ones only): a private or
 * unknown id is carried by no entity, so `id_contains_all` with one holds for none, `id_contains_some` and
 * `id_contains_none` ignore it, and `tags_exists` asks for a public tag.
 */
export function compileMetadataFilter(value: MetadataFilterValue, publicTagIds: ReadonlySet<string>): Condition {
  const parts: Condition[] = [];
  const listed = (ids: IdList) => (ids ?? []).filter((id): id is string => id !== null);
  const visible = (ids: string[]) => ids.filter((id) => publicTagIds.has(id));
  const anyOf = (ids: string[]): Condition =>
    ids.length ? { kind: 'compare', path: TAGS, op: 'in', value: ids } : NEVER;
  const noneOf = (ids: string[]): Condition =>
    ids.length ? { kind: 'compare', path: TAGS, op: 'nin', value: ids } : ALWAYS;
  if (value.tags_exists !== undefined && value.tags_exists !== null) {
    const all = [...publicTagIds];
    parts.push(value.tags_exists ? anyOf(all) : noneOf(all));
  }
  const tags = value.tags ?? {};
  if (tags.id_contains_all) {
    const ids = listed(tags.id_contains_all);
    if (ids.length)
      parts.push(visible(ids).length === ids.length ? { kind: 'compare', path: TAGS, op: 'all', value: ids } : NEVER);
  }
  if (tags.id_contains_some) parts.push(anyOf(visible(listed(tags.id_contains_some))));
  if (tags.id_contains_none) parts.push(noneOf(visible(listed(tags.id_contains_none))));
  return and(...parts);
}
