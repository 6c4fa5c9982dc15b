import { describe, expect, it } from 'vitest';
import { vendorNames } from '../config.ts';
import { loadDocument, mergeDocuments, ROUTED_APIS, type OpenApiDocument } from './openapi-documents.ts';
import { operationsOf, publicOperations } from './routes.ts';

const doc = (paths: OpenApiDocument['paths'], schemas: Record<string, unknown> = {}): OpenApiDocument => ({
  openapi: '3.1.0',
  paths,
  components: { schemas },
});

describe('mergeDocuments', () => {
  it('routes every operation of the management and user-management documents through one document', () => {
    const vendor = vendorNames('service');
    const documents = ROUTED_APIS.map((api) => loadDocument(api, '3.1', vendor));
    const merged = mergeDocuments(documents);
    expect(
      operationsOf([merged])
        .map((o) => o.operationId)
        .sort(),
    ).toEqual(
      operationsOf(documents)
        .map((o) => o.operationId)
        .sort(),
    );
    expect(operationsOf([merged]).map((o) => o.operationId)).toContain('OrganizationMemberships_list');
    expect(merged.paths['/organizations'].get.operationId).toBe('Organizations_list');
  });

  it('keeps shared components once and refuses a path, method or component that differs', () => {
    const a = doc({ '/x': { get: { operationId: 'a' } } }, { Link: { type: 'object' } });
    expect(
      mergeDocuments([a, doc({ '/x': { post: { operationId: 'b' } } }, { Link: { type: 'object' } })]).paths['/x'],
    ).toEqual({ get: { operationId: 'a' }, post: { operationId: 'b' } });
    expect(() => mergeDocuments([a, doc({ '/x': { get: { operationId: 'c' } } })])).toThrow('GET /x');
    expect(() => mergeDocuments([a, doc({}, { Link: { type: 'string' } })])).toThrow('components.schemas.Link');
  });
});

describe('publicOperations', () => {
  it('finds the operations that need no credential: only accepting an invitation', () => {
    const documents = ROUTED_APIS.map((api) => loadDocument(api, '3.1', vendorNames('service')));
    expect(publicOperations(documents)).toEqual([
      { path: '/invitations/{invitation_token}', operationId: 'InvitationAcceptance_accept' },
    ]);
  });
});
