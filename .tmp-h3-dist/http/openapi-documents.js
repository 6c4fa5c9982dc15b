import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
export const API_DOCUMENTS = {
    management: 'Tessera.Management',
    'user-management': 'Tessera.UserManagement',
    scim: 'Tessera.Scim',
};
const GENERATED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../generated/openapi');
const folder = (version) => (version === '3.0' ? '3.0.0' : '3.1.0');
/** The generated document as text with the `service` vendor token replaced by the configured one. */
export function documentText(api, version, format, vendor) {
    const file = path.join(GENERATED, folder(version), `${API_DOCUMENTS[api]}.openapi.${format}`);
    return fs.readFileSync(file, 'utf8')
        .replaceAll('X-Service-', `${vendor.headerPrefix}-`)
        .replaceAll('application/vnd.service.', `application/vnd.${vendor.token}.`);
}
/** A fresh parsed copy (the validator dereferences and mutates what it is given). */
export const loadDocument = (api, version, vendor) => JSON.parse(documentText(api, version, 'json', vendor));
