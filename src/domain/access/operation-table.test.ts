import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, accessRuleOf, type AccessRule, type OperationId } from './operation-table.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const documents = ['Management', 'UserManagement', 'Scim'].map((name) =>
  JSON.parse(
    fs.readFileSync(new URL(`../../../generated/openapi/3.1.0/Tessera.${name}.openapi.json`, import.meta.url), 'utf8'),
  ),
);
const operations = documents.flatMap((doc) =>
  Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path,
      operationId: item[method].operationId as string,
    })),
  ),
);

describe('the operation table', () => {
  it('has one rule for every operation of the published documents, and no other', () => {
    expect(Object.keys(OPERATION_ACCESS).sort()).toEqual(operations.map((o) => o.operationId).sort());
  });

  it('does not compile with an operation missing or an unknown one (checked by tsc)', () => {
    const { Entries_get: dropped, ...rest } = OPERATION_ACCESS;
    // @ts-expect-error an operation without a rule
    void (rest satisfies Record<OperationId, AccessRule>);
    const unknownRule = { scope: 'user', action: 'read', subject: 'User' } as const;
    // @ts-expect-error a rule for an id no document has
    void ({ ...OPERATION_ACCESS, NoSuch_operation: unknownRule } satisfies Record<OperationId, AccessRule>);
    expect(dropped).toEqual({ scope: 'space', action: 'read', subject: 'Entry' });
  });

  it('never lists a request that can change something as a read, so read-only tokens never write', () => {
    const writesAsReads = operations.filter(
      (o) => o.method !== 'get' && accessRuleOf(o.operationId)?.action === 'read',
    );
    expect(writesAsReads).toEqual([]);
  });

  it('names the space or organization a rule needs in the operation path', () => {
    const mismatched = operations.filter((o) => {
      const rule = accessRuleOf(o.operationId)!;
      // An app's JWT is exchanged for a token of the installation its path names: a space and an environment.
      if (rule.scope === 'space' || rule.scope === 'appAssertion') return !o.path.startsWith('/spaces/{space_id}');
      const organizationPath =
        o.path.startsWith('/organizations/{organization_id}') ||
        o.path.startsWith('/scim/v2/organizations/{organization_id}');
      if (rule.scope === 'organization') return o.path.includes('{') && !organizationPath;
      return o.path.includes('{space_id}') || o.path.includes('{organization_id}');
    });
    expect(mismatched).toEqual([]);
  });

  it('opens to anyone only the operations whose security accepts no credential', () => {
    const open = documents
      .flatMap((doc) => Object.values(doc.paths).flatMap((item: any) => Object.values(item)))
      .filter(
        (op: any) =>
          op?.operationId && Array.isArray(op.security) && op.security.some((s: object) => Object.keys(s).length === 0),
      )
      .map((op: any) => op.operationId as string);
    expect(
      Object.entries(OPERATION_ACCESS)
        .filter(([, rule]) => rule.scope === 'anyone')
        .map(([id]) => id)
        .sort(),
    ).toEqual(open.sort());
  });

  it('answers undefined for an id that is in no document, including inherited names', () => {
    expect(accessRuleOf('NoSuch_operation')).toBeUndefined();
    expect(accessRuleOf('toString')).toBeUndefined();
  });
});
