import fs from 'node:fs';
import path from 'node:path';

/** The operations of the published OpenAPI documents, with their parameters and body resolved for the generators. */
type Json = Record<string, any>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
}
export interface FuzzOperation {
  operationId: string;
  method: string;
  template: string;
  parameters: Parameter[];
  /** The request body's media types and schema (`$ref`s left in place; resolve them with `resolve`). */
  body?: { contentTypes: string[]; schema: Json; required: boolean };
}

const ROOT = path.resolve(import.meta.dirname, '../../generated/openapi/3.1.0');
const FILES = {
  management: 'Tessera.Management.openapi.json',
  'user-management': 'Tessera.UserManagement.openapi.json',
  scim: 'Tessera.Scim.openapi.json',
};
/** The published documents, each one's references prefixed with its name (`management#/components/...`). */
const documents: Record<string, Json> = Object.fromEntries(
  Object.entries(FILES).map(([api, file]) => [
    api,
    JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8').replaceAll('"#/components/', `"${api}#/components/`)),
  ]),
);

/** The schema a `$ref` names (followed until it is not a reference), or the schema itself. */
export function resolve(schema: Json | undefined): Json {
  let s = schema ?? {};
  while (typeof s.$ref === 'string') {
    const [api, pointer] = s.$ref.split('#');
    s = pointer
      .split('/')
      .slice(1)
      .reduce((node: Json, key: string) => node[key], documents[api]);
  }
  return s;
}

/** The name of the component a schema refers to, for examples chosen by hand. */
export const refName = (schema: Json | undefined): string | undefined => schema?.$ref?.split('/').pop();

/** Methods in the order the suite runs them: reads before writes, deletes last, so fixtures live as long as possible. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every operation of the published documents (management, user management, SCIM), reads first. */
export function publishedOperations(): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [template, methods] of Object.values(documents).flatMap((d) => Object.entries<Json>(d.paths ?? {}))) {
    for (const [method, item] of Object.entries<Json>(methods)) {
      if (!item?.operationId) continue;
      const parameters = (item.parameters ?? [])
        .map((p: Json) => resolve(p))
        .map((p: Json) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: p.schema ?? {} }));
      const content: Json | undefined = item.requestBody?.content;
      const body = content && {
        contentTypes: Object.keys(content),
        schema: (Object.values(content)[0] as Json).schema ?? {},
        required: Boolean(item.requestBody.required),
      };
      operations.push({ operationId: item.operationId, method: method.toUpperCase(), template, parameters, body });
    }
  }
  const rank = (o: FuzzOperation) =>
    METHOD_ORDER.indexOf(o.method) * 10 + (o.template === '/spaces/{space_id}' ? 1 : 0);
  return operations.sort((a, b) => rank(a) - rank(b));
}
