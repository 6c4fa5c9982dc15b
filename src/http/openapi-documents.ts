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
export function documentText(api: ApiName, version: OpenApiVersion, format: 'json' | 'yaml', vendor: VendorNames): string {
  const file = path.join(GENERATED, folder(version), `${API_DOCUMENTS[api]}.openapi.${format}`);
  return fs.readFileSync(file, 'utf8')
    .replaceAll('X-Service-', `${vendor.headerPrefix}-`)
    .replaceAll('application/vnd.service.', `application/vnd.${vendor.token}.`);
}

export type OpenApiDocument = {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> } & Record<string, unknown>>>;
  components?: Record<string, unknown>;
} & Record<string, unknown>;

/** A fresh parsed copy (the validator dereferences and mutates what it is given). */
export const loadDocument = (api: ApiName, version: OpenApiVersion, vendor: VendorNames): OpenApiDocument =>
  JSON.parse(documentText(api, version, 'json', vendor));
