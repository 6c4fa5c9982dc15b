import { createHmac } from 'node:crypto';
import { escape as escapeQuery } from 'node:querystring';

/**
 * Request signing as `@contentful/node-apps-toolkit` `signRequest` does it, with the vendor's header names
 * (`x-<vendor>-signature`, `-signed-headers`, `-timestamp`): with the vendor `contentful` the toolkit's
 * `verifyRequest` accepts the signature. The toolkit itself is not called because its header names are fixed.
 *
 * HMAC-SHA256 (hex) with the secret over `method \n path \n headers \n body`, where path is the request path with its
 * query normalised as the toolkit does, and headers are the signed headers, names in lower case, values trimmed,
 * sorted by name, as `name:value` joined by `;`, including the timestamp (ms) and signed-headers headers.
 */
export interface RequestToSign {
  method: string;
  /** Path and query, as the receiver reads them from the request line. */
  path: string;
  /** The headers to sign (the request may carry others). */
  headers: Record<string, string>;
  body?: string;
}

/** The toolkit's canonical path: the query escaped, then the whole URI-encoded (only up to a second `?`). */
function canonicalPath(path: string): string {
  const [pathname, search] = path.split('?');
  const escapedSearch = search ? escapeQuery(search) : '';
  return encodeURI(escapedSearch ? `${pathname}?${escapedSearch}` : pathname);
}

const byName = (a: string, b: string) => (a > b ? 1 : -1);

/** The three signature headers (names in lower case) for a request; `prefix` is the vendor's, e.g. `X-Service`. */
export function signatureHeaders(
  secret: string,
  request: RequestToSign,
  timestamp: number,
  prefix: string,
): Record<string, string> {
  const p = prefix.toLowerCase();
  const [signatureName, signedHeadersName, timestampName] = [`${p}-signature`, `${p}-signed-headers`, `${p}-timestamp`];
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([key, value]) => [key.toLowerCase().trim(), value.trim()]),
  );
  const names = Object.keys(headers);
  if (!(signedHeadersName in headers)) names.push(signedHeadersName);
  if (!(timestampName in headers)) names.push(timestampName);
  const signedHeaders = names.sort(byName).join(',');
  headers[timestampName] = String(timestamp);
  headers[signedHeadersName] = signedHeaders;
  const headerLines = Object.entries(headers)
    .sort(([a], [b]) => byName(a, b))
    .map(([key, value]) => `${key}:${value}`)
    .join(';');
  const canonical = [request.method, canonicalPath(request.path), headerLines, request.body ?? ''].join('\n');
  return {
    [signatureName]: createHmac('sha256', secret).update(canonical).digest('hex'),
    [signedHeadersName]: signedHeaders,
    [timestampName]: String(timestamp),
  };
}
