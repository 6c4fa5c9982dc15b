import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Validates live responses against the published OpenAPI 3.1 documents with Ajv, independently of the
 * validator the server runs. Vendor names in the documents are the spec's (`X-Service-*`); responses are
 * read with the same token the server under test was started with.
 */
type Json = Record<string, any>;

export interface Operation {
  api: string;
  method: string;
  template: string;
  operationId: string;
  regex: RegExp;
  item: Json;
}

const ROOT = path.resolve(import.meta.dirname, '../../generated/openapi/3.1.0');
const FILES = {
  management: 'Tessera.Management.openapi.json',
  'user-management': 'Tessera.UserManagement.openapi.json',
  scim: 'Tessera.Scim.openapi.json',
};

export function loadContract() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const operations: Operation[] = [];
  for (const [api, file] of Object.entries(FILES)) {
    const doc = JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    ajv.addSchema({ $id: `${api}.json`, components: doc.components ?? {} });
    for (const [template, methods] of Object.entries<Json>(doc.paths)) {
      const regex = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const [method, item] of Object.entries<Json>(methods)) {
        if (item?.operationId)
          operations.push({ api, method: method.toUpperCase(), template, operationId: item.operationId, regex, item });
      }
    }
  }
  // The most specific template wins: `/spaces/{id}/environments` before `/spaces/{id}`.
  operations.sort(
    (a, b) => b.template.split('{').length - a.template.split('{').length || b.template.length - a.template.length,
  );
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();

  const rewriteRefs = (schema: unknown, api: string): unknown =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${api}.json#/components/`));

  function find(method: string, pathname: string): Operation | undefined {
    const candidates = operations.filter((o) => o.method === method && o.regex.test(pathname));
    // A literal segment beats a parameter: `/environments/master` matches `{environment_id}` only if nothing literal does.
    return candidates[0];
  }

  /** Problems with this response, or [] when it matches the published contract. */
  function check(
    op: Operation,
    status: number,
    headers: Headers,
    body: string,
    vendorPrefix: string,
    mediaType: string,
  ): string[] {
    const response = op.item.responses?.[String(status)];
    if (!response) return [`${op.operationId}: status ${status} is not documented`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
      const wire = name.replace(/^X-Service-/, `${vendorPrefix}-`);
      if (header.required && !headers.has(wire)) problems.push(`${op.operationId} ${status}: missing header ${wire}`);
    }
    const content = response.content as Json | undefined;
    if (!content) {
      if (body.length > 0) problems.push(`${op.operationId} ${status}: documented without a body but one was sent`);
      return problems;
    }
    const contentType = (headers.get('content-type') ?? '').split(';')[0].trim();
    const expected = Object.keys(content).map((t) => t.replace('vnd.service.', `vnd.${mediaType}.`));
    const index = expected.indexOf(contentType);
    if (index < 0)
      return [
        ...problems,
        `${op.operationId} ${status}: content type ${contentType} is not one of ${expected.join(', ')}`,
      ];
    const key = `${op.operationId} ${status} ${index}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(rewriteRefs(Object.values<Json>(content)[index].schema, op.api) as object);
      compiled.set(key, validate);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return [...problems, `${op.operationId} ${status}: body is not JSON`];
    }
    if (!validate(parsed))
      problems.push(`${op.operationId} ${status}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
    return problems;
  }

  return { operations, find, check };
}

export type Contract = ReturnType<typeof loadContract>;
