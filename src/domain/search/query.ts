/**
 * The one representation of a search over entries or assets (the "IR"). REST search parameters compile to it
 * (rest-parameters.ts) and so will the GraphQL `where`/`order` arguments; the storage adapter compiles it to one
 * parameterised SQL statement plus a count. Every path in it has already been checked against the content model,
 * and every value is already typed for the path it is compared with.
 */

export type SearchTarget = 'Entry' | 'Asset';

/** `draft`: the current fields (Management API). `published`: the published snapshot of published entities only. */
export type ContentState = 'draft' | 'published';

/**
 * What a path holds, which decides the operators it takes and how values compare:
 * `symbol` (short string; orderable), `text` (long string; not orderable), `richtext` (a document; `match` and
 * `contains` read its text nodes), `integer`, `number`, `date` (ISO-8601 instants), `boolean`, `location` (`{lat, lon}`), `object` (JSON),
 * `link` (a link object; exists only; compare its id through the `sys.id` subpath, which is a `symbol`).
 */
export type ValueType =
  'symbol' | 'text' | 'richtext' | 'integer' | 'number' | 'date' | 'boolean' | 'location' | 'object' | 'link';

/**
 * Which locale values of a localized field a path reads.
 * `any`: a condition holds when it holds for the value of at least one locale (the Management API's rule).
 * `chain`: the value of the first locale in the list that has one (a locale and its fallbacks; GraphQL, ordering).
 */
export type LocaleSelector = { kind: 'any' } | { kind: 'chain'; codes: string[] };

/** A value inside the fields: `fields.<fieldId>.<locale>[.<subpath>]`; for arrays the subpath applies to each element. */
export interface FieldPath {
  kind: 'field';
  fieldId: string;
  locale: LocaleSelector;
  /** Keys below the locale value, e.g. `['sys', 'id']` of a link, `['details', 'size']` of an asset file. */
  subpath: string[];
  valueType: ValueType;
  /** The locale value is an array (Array of Symbol, Array of Link) whose elements hold `valueType`. */
  array: boolean;
}

/** System attributes; link attributes (`contentType`, `createdBy`, ...) compare by the linked id. */
export type SysAttribute =
  | 'id'
  | 'type'
  | 'version'
  | 'publishedVersion'
  | 'publishedCounter'
  | 'archivedVersion'
  | 'createdAt'
  | 'updatedAt'
  | 'publishedAt'
  | 'firstPublishedAt'
  | 'archivedAt'
  | 'contentType'
  | 'createdBy'
  | 'updatedBy'
  | 'publishedBy'
  | 'archivedBy';

export interface SysPath {
  kind: 'sys';
  attribute: SysAttribute;
  valueType: 'symbol' | 'integer' | 'date';
}

/** `metadata.tags`: the tag ids of the entity (of the state searched). */
export interface TagsPath {
  kind: 'tags';
}

export type Path = FieldPath | SysPath | TagsPath;

export type Operator =
  | 'eq'
  | 'ne'
  | 'in'
  | 'nin'
  | 'exists'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'match'
  | 'all'
  | 'within'
  | 'contains'
  | 'prefix';

/** Values are typed per path: strings for `symbol`/`text`, numbers, booleans, ISO-8601 UTC strings for dates. */
export type Scalar = string | number | boolean;

export type Area =
  | { shape: 'circle'; lat: number; lon: number; radiusKm: number }
  | { shape: 'rectangle'; south: number; west: number; north: number; east: number };

/**
 * One comparison. `eq`, `ne`, `lt`..`gte`, `contains` (case-insensitive substring), `prefix` take a Scalar;
 * `in`, `nin`, `all` a non-empty list; `exists` a boolean; `match` the search terms (each matches a word prefix,
 * all must match); `within` an Area. On arrays: `eq`/`in`/`contains` hold when an element does, `all` when every
 * listed value is an element, `ne`/`nin` when no element is (so `ne` is always exactly `not eq`).
 */
export type Comparison =
  | {
      kind: 'compare';
      path: Path;
      op: 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'prefix';
      value: Scalar;
    }
  | { kind: 'compare'; path: Path; op: 'in' | 'nin' | 'all'; value: Scalar[] }
  | { kind: 'compare'; path: Path; op: 'exists'; value: boolean }
  | { kind: 'compare'; path: FieldPath; op: 'match'; value: string[] }
  | { kind: 'compare'; path: FieldPath; op: 'within'; value: Area };

export type Condition =
  | { kind: 'and'; conditions: Condition[] }
  | { kind: 'or'; conditions: Condition[] }
  | { kind: 'not'; condition: Condition }
  | Comparison
  /**
   * Entries whose link field `field` (any locale; single link or array of links) points to an entry of content
   * type `contentTypeId` (in the same state) for which `where` holds.
   */
  | { kind: 'reference'; field: FieldPath; contentTypeId: string; where: Condition }
  /** Entries that link (in the state searched) to any of `ids`, through any field and locale. */
  | { kind: 'linksTo'; targetType: 'Entry' | 'Asset'; ids: string[] }
  /**
   * Full-text search: every term matches a word prefix of the text of some listed path. `scopes` lists the
   * searchable paths per content type (`contentTypeId` undefined for assets, whose fields are fixed).
   */
  | { kind: 'fullText'; terms: string[]; scopes: Array<{ contentTypeId?: string; paths: FieldPath[] }> }
  /** Has unpublished changes: never published, or changed since (`version > publishedVersion + 1`). */
  | { kind: 'changed' };

/** An ordering key: a path (never `any` locale), or the distance of a location from a point (`[near]`). */
export type OrderKey =
  | { kind: 'path'; path: SysPath | FieldPath; direction: 'asc' | 'desc' }
  | { kind: 'distance'; path: FieldPath; lat: number; lon: number };

/** Which fields the items keep (`sys` and `metadata` are always kept). */
export interface Selection {
  fields: 'all' | string[];
}

export interface SearchQuery {
  target: SearchTarget;
  state: ContentState;
  /** Entries of this content type only. */
  contentTypeId?: string;
  where: Condition;
  /** Applied in order; missing values sort last in both directions. Always ends with `sys.id` ascending. */
  order: OrderKey[];
  skip: number;
  /** 0 answers only the total. */
  limit: number;
  select?: Selection;
}

/** `and` of the given conditions, flattening nested `and`s; `and()` of nothing is true. */
export function and(...conditions: Condition[]): Condition {
  const flat = conditions.flatMap((c) => (c.kind === 'and' ? c.conditions : [c]));
  return flat.length === 1 ? flat[0]! : { kind: 'and', conditions: flat };
}

export const SYS_ID: SysPath = { kind: 'sys', attribute: 'id', valueType: 'symbol' };

/** Appends the `sys.id` tie-break (unless the order already ends with it), so paging is stable. */
export function withTieBreak(order: OrderKey[]): OrderKey[] {
  const last = order.at(-1);
  if (last?.kind === 'path' && last.path.kind === 'sys' && last.path.attribute === 'id') return order;
  return [...order, { kind: 'path', path: SYS_ID, direction: 'asc' }];
}
