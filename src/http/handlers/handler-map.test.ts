import { describe, expect, expectTypeOf, it } from 'vitest';
import type { components } from '../../../generated/types/management.d.ts';
import type { components as ScimComponents } from '../../../generated/types/scim.d.ts';
import { createServices } from '../../domain/index.ts';
import type { IncomingBody } from '../../domain/uploads/upload-files.ts';
import type { Storage } from '../../storage/port/index.ts';
import { ok, type ApiRequest, type Handler, type HandlerMap } from '../handler.ts';
import { allHandlers, everyOperation } from './index.ts';

type Schemas = components['schemas'];

// Each `@ts-expect-error` below is checked by `make typecheck`: it fails when the line after it compiles.
describe('the handler map (checked by tsc)', () => {
  // Handlers are plain closures over services; building them touches no storage.
  const handlers = allHandlers(createServices({ repos: {} } as unknown as Storage));

  it('does not compile with an operation missing', () => {
    const { Entries_create: dropped, ...rest } = handlers;
    // @ts-expect-error Entries_create has no handler
    const missing: HandlerMap = rest;
    // @ts-expect-error Entries_create has no handler
    void everyOperation(rest);
    expect(typeof dropped).toBe('function');
    expect(missing).toBe(rest);
  });

  it('does not compile with a handler for an operation the documents do not have', () => {
    const extra = { ...handlers, NoSuch_operation: handlers.Entries_get };
    // @ts-expect-error NoSuch_operation is no operation
    void everyOperation(extra);
    expect(everyOperation(handlers)).toBe(handlers);
  });

  it('does not compile with a handler that takes another body than its operation', () => {
    const takesContentType = async (req: { readonly body: Schemas['ContentTypeInput'] }) => ok(req.body.name);
    // @ts-expect-error an entry is created from an EntryInput, which has no name
    void everyOperation({ ...handlers, Entries_create: takesContentType });
    void everyOperation({ ...handlers, ContentTypes_create: takesContentType });
    // @ts-expect-error an entry body has no name
    const readsName: Handler<'Entries_create'> = async (req) => ok(req.body.name);
    expect(typeof readsName).toBe('function');
  });

  it('types the body from the operation and its JSON media type', () => {
    expectTypeOf<ApiRequest<'Entries_create'>['body']>().toEqualTypeOf<Schemas['EntryInput']>();
    expectTypeOf<ApiRequest<'Entries_patch'>['body']>().toEqualTypeOf<Schemas['JsonPatchOperation'][]>();
    expectTypeOf<ApiRequest<'ScimUsers_update'>['body']>().toEqualTypeOf<ScimComponents['schemas']['ScimPatchOp']>();
    expectTypeOf<ApiRequest<'Uploads_create'>['body']>().toEqualTypeOf<IncomingBody>();
    // Nothing describes the body of an operation without one.
    expectTypeOf<ApiRequest<'Entries_publish'>['body']>().toBeUnknown();
  });

  it('types the path parameters, without environment_id on the master path', () => {
    expectTypeOf<ApiRequest<'Entries_get'>['params']>().toMatchTypeOf<{
      space_id: string;
      environment_id: string;
      entry_id: string;
    }>();
    type Shared = ApiRequest<'Entries_get' | 'MasterEntries_get'>['params'];
    expectTypeOf<Shared['environment_id']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Shared['entry_id']>().toEqualTypeOf<string>();
    // @ts-expect-error no operation of entries has a locale in its path
    void ((params: Shared) => params.locale);
  });

  it('types the query as the validator delivers it: numbers coerced, filters spread over the query', () => {
    expectTypeOf<ApiRequest<'Entries_getReferences'>['query']['include']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ApiRequest<'Spaces_list'>['query']['skip']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ApiRequest<'ScimUsers_list'>['query']['count']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ApiRequest<'AssetSearch_list'>['query']['changed']>().toEqualTypeOf<boolean | undefined>();
    // @ts-expect-error filters never arrive under `filters`: collection handlers parse rawQuery
    void ((query: ApiRequest<'ApiKeys_list'>['query']) => query.filters);
  });
});
