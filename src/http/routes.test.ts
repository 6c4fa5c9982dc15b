import { describe, expect, it } from 'vitest';
import { vendorNames } from '../config.ts';
import { createServices } from '../domain/index.ts';
import type { Storage } from '../storage/port/index.ts';
import { allHandlers } from './handlers/index.ts';
import { loadDocument } from './openapi-documents.ts';
import type { Request, Response } from 'express';
import { operationDispatcher, operationsOf } from './routes.ts';
import type { ApiRequest } from './handler.ts';

describe('spec and handlers', () => {
  it('every operation of the published documents has a handler, and every handler an operation', () => {
    const docs = (['management', 'user-management', 'scim'] as const).map((api) =>
      loadDocument(api, '3.1', vendorNames('service')),
    );
    const operationIds = operationsOf(docs)
      .map((o) => o.operationId)
      .sort();
    // Handlers are plain closures over services; building them touches no storage.
    const handlerIds = Object.keys(allHandlers(createServices({ repos: {} } as unknown as Storage))).sort();
    expect(handlerIds).toEqual(operationIds);
  });
});

describe('operationDispatcher', () => {
  const vendor = vendorNames('service');
  const docs = [loadDocument('management', '3.1', vendor)];
  const seen: ApiRequest<'Entries_get'>[] = [];
  const dispatch = operationDispatcher(
    docs,
    {
      Entries_get: async (req) => {
        seen.push(req);
        return { status: 200, body: { ok: true } };
      },
    },
    { vendor, baseUrl: () => 'http://x' },
  );

  it('runs the handler of the operation the validator matched, with its decoded path parameters', async () => {
    const sent: unknown[] = [];
    const headers: Record<string, unknown> = {};
    const res = {
      statusCode: 0,
      setHeader: (name: string, value: unknown) => {
        headers[name] = value;
        return res;
      },
      end: (body: unknown) => {
        sent.push(body);
        return res;
      },
    };
    const req = {
      openapi: {
        schema: { operationId: 'Entries_get' },
        pathParams: { space_id: 's 1', environment_id: 'master', entry_id: 'e1' },
      },
      params: {},
      query: {},
      headers: {},
      actor: { id: 'u1' },
      grant: { scope: 'user' },
      id: 'r1',
      originalUrl: '/spaces/s%201/environments/master/entries/e1',
      get: () => undefined,
    };
    let failure: unknown;
    dispatch(req as unknown as Request, res as unknown as Response, (error?: unknown) => {
      failure = error ?? 'next';
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(failure).toBeUndefined();
    expect(seen.at(-1)?.params).toEqual({ space_id: 's 1', environment_id: 'master', entry_id: 'e1' });
    expect(sent).toEqual([JSON.stringify({ ok: true })]);
    expect(res.statusCode).toBe(200);
    expect(headers).toEqual({
      'Content-Type': 'application/vnd.service.management.v1+json; charset=utf-8',
      'Content-Length': 11,
    });
  });

  it('passes on a request the validator did not match', () => {
    const outcomes: unknown[] = [];
    dispatch({ params: {} } as unknown as Request, {} as Response, (error?: unknown) => {
      outcomes.push(error ?? 'next');
    });
    dispatch(
      { openapi: { schema: { operationId: 'noSuchOperation' }, pathParams: {} } } as unknown as Request,
      {} as Response,
      (error?: unknown) => {
        outcomes.push(error ?? 'next');
      },
    );
    expect(outcomes).toEqual(['next', 'next']);
  });
});
