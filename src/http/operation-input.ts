import type { operations as ManagementOperations } from '../../generated/types/management.d.ts';
import type { operations as ScimOperations } from '../../generated/types/scim.d.ts';
import type { operations as UserManagementOperations } from '../../generated/types/user-management.d.ts';
import type { OperationId } from '../domain/access/operation-table.ts';
import type { IncomingBody } from '../domain/uploads/upload-files.ts';

export type { OperationId };

/** The operations of one generated document (nothing while it has none: its type is then a string map). */
type OperationsOf<T> = string extends keyof T ? unknown : T;
type Operations = OperationsOf<ManagementOperations> &
  OperationsOf<UserManagementOperations> &
  OperationsOf<ScimOperations>;
type Operation<Op extends OperationId> = Operations[Op];

/** Parameters of one location (`path`, `query`): an empty record when the operation declares none. */
type Declared<T> = [NonNullable<T>] extends [never] ? Readonly<Record<string, never>> : Readonly<NonNullable<T>>;

/**
 * A JSON body is parsed as the same schema whichever JSON media type the client sends (the vendor one,
 * `application/json`, `application/scim+json`); `application/octet-stream` is left on the wire as an IncomingBody
 * (middleware/streamed-body.ts) for the upload handler to stream.
 */
type MediaBody<Content> = 'application/octet-stream' extends keyof Content
  ? IncomingBody
  : 'application/json' extends keyof Content
    ? Content['application/json']
    : Content[keyof Content];

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
/**
 * Each member of a union, with the keys only other members have as absent: a handler shared by `Entries_get` and
 * `MasterEntries_get` reads `params.environment_id` as `string | undefined` (undefined on the master path).
 */
type WithAbsentKeys<T, All = T> = T extends unknown
  ? T & { readonly [K in Exclude<KeysOfUnion<All>, keyof T>]?: undefined }
  : never;

// The input types take any type argument, so that generic helpers (handlers/on-both-paths.ts) need not prove to the
// compiler that a computed id is an operation (costly over a union of 200 ids); what is not an operation id reads never.

/** The path parameters of the operation(s), decoded (all strings in the published documents). */
export type PathOf<Op> = WithAbsentKeys<Op extends OperationId ? Declared<Operation<Op>['parameters']['path']> : never>;

/**
 * The query parameters of the operation(s) as express-openapi-validator delivers them: it coerces integers and
 * booleans to their schema's type, so the generated types hold. `filters` is left out: its keys arrive spread over
 * the query (`sys.id[in]=...`, form style), never under `filters`; collection handlers parse `rawQuery` instead.
 */
export type QueryOf<Op> = Op extends OperationId
  ? Omit<Declared<Operation<Op>['parameters']['query']>, 'filters'>
  : never;

/**
 * The request body of the operation(s): `undefined` allowed when the body is optional, `unknown` when the
 * operation declares none (the JSON parser still reads whatever a client sends; nothing describes it).
 */
export type BodyOf<Op> = Op extends OperationId
  ? [NonNullable<Operation<Op>['requestBody']>] extends [never]
    ? unknown
    : | MediaBody<NonNullable<Operation<Op>['requestBody']>['content']>
      | (undefined extends Operation<Op>['requestBody'] ? undefined : never)
  : never;
