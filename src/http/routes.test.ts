import { describe, expect, it } from 'vitest';
import { vendorNames } from '../config.ts';
import { createServices } from '../domain/index.ts';
import type { Storage } from '../storage/port/index.ts';
import { allHandlers } from './handlers/index.ts';
import { loadDocument } from './openapi-documents.ts';
import { operationsOf } from './routes.ts';

describe('spec and handlers', () => {
  it('every operation of the published documents has a handler, and every handler an operation', () => {
    const docs = (['management', 'user-management', 'scim'] as const).map((api) => loadDocument(api, '3.1', vendorNames('service')));
    const operationIds = operationsOf(docs).map((o) => o.operationId).sort();
    // Handlers are plain closures over services; building them touches no storage.
    const handlerIds = Object.keys(allHandlers(createServices({ repos: {} } as unknown as Storage))).sort();
    expect(handlerIds).toEqual(operationIds);
  });
});
