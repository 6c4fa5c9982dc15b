import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VendorNames } from '../config.ts';

export const API_DOCUMENTS = {
  management: 'Tessera.Management',
  'user-management': 'Tessera.UserManagement',
  scim: 'Tessera.Scim',
} as const;
export type ApiName = keyof typeof API_DOCUMENTS;
export type OpenApiVersion = '3.0' | '3.1';

const GENERATED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../generated/openapi');
const folder = (version: OpenApiVersion) => (version === '3.0' ? '3.0.0' : '3.1.0');

/** The generated document as text with the `service` vendor token replaced by the configured one. */
export function documentText(
  api: ApiName,
  version: OpenApiVersion,
  format: 'json' | 'yaml',
  vendor: VendorNames,
): string {
  const file = path.join(GENERATED, folder(version), `${API_DOCUMENTS[api]}.openapi.${format}`);
  return fs
    .readFileSync(file, 'utf8')
    .replaceAll('X-Service-', `${vendor.headerPrefix}-`)
    .replaceAll('application/vnd.service.', `application/vnd.${vendor.token}.`);
}

export type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { operationId?: string; responses?: Record<string, unknown> } & Record<string, unknown>>
  >;
  components?: Record<string, unknown>;
} & Record<string, unknown>;

/** A fresh parsed copy (the validator dereferences and mutates what it is given). */
export const loadDocument = (api: ApiName, version: OpenApiVersion, vendor: VendorNames): OpenApiDocument =>
  JSON.parse(documentText(api, version, 'json', vendor));

/** The APIs the REST pipeline routes: one validator and one route index over their merged documents. */
export const ROUTED_APIS = ['management', 'user-management', 'scim'] as const satisfies readonly ApiName[];

/**
 * One document holding the paths and components of several, for the one request validator (one route lookup per
 * request, whatever the number of APIs). The documents are generated from one TypeSpec project, so a component of
 * the same name is the same schema; a path, method or component that differs between them stops the start.
 */
export function mergeDocuments(docs: OpenApiDocument[]): OpenApiDocument {
  const [first, ...rest] = docs;
  const merged: OpenApiDocument = {
    ...first,
    paths: { ...first.paths },
    components: structuredClone(first.components ?? {}),
    tags: [...((first.tags as unknown[]) ?? [])],
  };
  const components = merged.components as Record<string, Record<string, unknown>>;
  for (const doc of rest) {
    for (const [route, item] of Object.entries(doc.paths)) {
      const existing = merged.paths[route];
      if (existing) {
        const clash = Object.keys(item).find((method) => method in existing);
        if (clash) throw new Error(`OpenAPI documents both define ${clash.toUpperCase()} ${route}`);
      }
      merged.paths[route] = { ...existing, ...item };
    }
    for (const [section, entries] of Object.entries(
      (doc.components ?? {}) as Record<string, Record<string, unknown>>,
    )) {
      const target = (components[section] ??= {});
      for (const [name, value] of Object.entries(entries)) {
        if (name in target && JSON.stringify(target[name]) !== JSON.stringify(value))
          throw new Error(`OpenAPI documents define components.${section}.${name} differently`);
        target[name] = value;
      }
    }
    (merged.tags as unknown[]).push(...((doc.tags as unknown[]) ?? []));
  }
  return merged;
}

/**
 * Identity providers send SCIM filters unencoded (Entra: `filter=userName+eq+"a@b.com"`), which the validator refuses
 * for a query parameter that does not allow reserved characters; the published documents stay strict for clients.
 */
export function acceptUnencodedScimFilters(doc: OpenApiDocument): OpenApiDocument {
  const shared = ((doc.components ?? {}) as { parameters?: Record<string, Record<string, unknown>> }).parameters ?? {};
  for (const [route, item] of Object.entries(doc.paths)) {
    if (!route.startsWith('/scim/')) continue;
    for (const operation of Object.values(item as Record<string, { parameters?: Array<Record<string, unknown>> }>)) {
      for (const parameter of operation?.parameters ?? []) {
        const ref = typeof parameter.$ref === 'string' ? shared[parameter.$ref.split('/').pop()!] : undefined;
        const target = ref ?? parameter;
        if (target.in === 'query' && target.name === 'filter') target.allowReserved = true;
      }
    }
  }
  return doc;
}
