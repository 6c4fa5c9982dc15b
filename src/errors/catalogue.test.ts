import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from './catalogue.ts';

const specErrorIds = (file: string): string[] =>
  JSON.parse(fs.readFileSync(file, 'utf8')).components.schemas['Tessera.Common.ErrorId'].enum;

describe('error catalogue', () => {
  it('declares exactly the error ids of the published Management API document', () => {
    const ids = specErrorIds('generated/openapi/3.1.0/Tessera.Management.openapi.json');
    expect(new Set(Object.keys(ERRORS))).toEqual(new Set(ids));
  });

  it('maps every id to a 4xx/5xx status, a GraphQL code and a message', () => {
    for (const [id, spec] of Object.entries(ERRORS)) {
      expect(spec.status, id).toBeGreaterThanOrEqual(400);
      expect(spec.graphqlCode, id).toMatch(/^[A-Z_]+$/);
      expect(spec.message.length, id).toBeGreaterThan(0);
    }
  });

  it('uses the statuses the spec and the hosted service use', () => {
    expect(ERRORS.AccessTokenInvalid.status).toBe(401);
    expect(ERRORS.NotFound.status).toBe(404);
    expect(ERRORS.BadRequest.status).toBe(400);
    expect(ERRORS.InvalidQuery.status).toBe(400);
    expect(ERRORS.VersionMismatch.status).toBe(409);
    expect(ERRORS.ValidationFailed.status).toBe(422);
    expect(ERRORS.InvalidEntry.status).toBe(422);
    expect(ERRORS.RateLimitExceeded.status).toBe(429);
    expect(ERRORS.ServerError.status).toBe(500);
  });
});
