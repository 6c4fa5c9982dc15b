import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorNames } from '../../config.ts';
import { AppError } from '../../errors/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { requestId } from './request-id.ts';
import { errorHandler } from './error-handler.ts';

describe('error handler', () => {
  let base = '';
  let server: ReturnType<express.Express['listen']>;
  const logged: unknown[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(requestId('X-Service-Request-Id'));
    app.get('/boom', () => {
      throw new Error('database password is hunter2');
    });
    app.get('/known', () => {
      throw new AppError('VersionMismatch', undefined, { expected: 2 });
    });
    app.get('/circular', () => {
      const details: Record<string, unknown> = {};
      details.self = details;
      throw new AppError('BadRequest', 'x', details);
    });
    app.get('/deep', () => {
      let details: unknown = [];
      for (let i = 0; i < 200_000; i++) details = [details];
      throw new AppError('BadRequest', 'x', details);
    });
    const logger = createLogger('error');
    logger.error = ((obj: unknown) => {
      logged.push(obj);
    }) as never;
    app.use(errorHandler(logger, vendorNames('service')));
    await new Promise<void>((r) => {
      server = app.listen(0, '127.0.0.1', () => r());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('masks unknown failures as a 500 ServerError without internals, and logs them with the request id', async () => {
    const res = await fetch(`${base}/boom`);
    const body = (await res.json()) as any;
    expect(res.status).toBe(500);
    expect(body).toEqual({
      sys: { type: 'Error', id: 'ServerError' },
      message: 'Internal Server Error',
      requestId: res.headers.get('x-service-request-id'),
    });
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ requestId: body.requestId });
  });

  it('answers catalogue errors with their status, id, details and the vendor media type', async () => {
    const res = await fetch(`${base}/known`);
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.service\.management\.v1\+json/);
    expect(await res.json()).toMatchObject({ sys: { type: 'Error', id: 'VersionMismatch' }, details: { expected: 2 } });
  });

  it('answers a fixed generic 500 JSON body when the error body cannot be serialized, never a page or a stack', async () => {
    for (const path of ['/circular', '/deep']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.service\.management\.v1\+json/);
      expect(await res.json()).toEqual({
        sys: { type: 'Error', id: 'ServerError' },
        message: 'Internal Server Error',
        requestId: res.headers.get('x-service-request-id'),
      });
    }
  });
});
