import type { FuzzCase } from './case.ts';
import { validBody, validHeaders } from './examples.ts';
import type { FuzzOperation } from './operations.ts';
import type { Sent } from './send.ts';
import { CONTENT_TYPE_ID, type World } from './world.ts';

export interface RequestContext {
  token: string;
  vendorPrefix: string;
  mediaType: string;
  /** The resource's current version. */ version: string;
}

/** The well-formed request of the operation with the case's part put in. */
export function buildRequest(op: FuzzOperation, fuzz: FuzzCase, world: World, context: RequestContext): Sent {
  const url = op.template.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => fuzz.path?.[name] ?? encodeURIComponent(world.idFor(name, op.template)),
  );
  // Field filters need a content type: a well-formed search names the world's, unless the case breaks that parameter.
  const namesContentType =
    op.parameters.some((p) => p.name === 'content_type') && !fuzz.query?.some((q) => q.name === 'content_type');
  const query = [
    ...(namesContentType ? [`content_type=${CONTENT_TYPE_ID}`] : []),
    ...(fuzz.query ?? []).map((q) => q.raw),
  ];

  const headers: Record<string, string> = {
    Authorization: `Bearer ${context.token}`,
    ...validHeaders(op, context.vendorPrefix, context.version),
  };
  let body: string | Buffer | undefined;
  if (fuzz.body) {
    body = fuzz.body.raw;
    if (fuzz.body.contentType !== null) headers['Content-Type'] = fuzz.body.contentType;
  } else if (op.body?.contentTypes.includes('application/octet-stream')) {
    [body, headers['Content-Type']] = ['fuzz bytes', 'application/octet-stream'];
  } else if (op.body) {
    [body, headers['Content-Type']] = [JSON.stringify(validBody(op, world)), context.mediaType];
  }
  for (const [name, value] of Object.entries(fuzz.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
  return { method: op.method, url: query.length ? `${url}?${query.join('&')}` : url, headers, body };
}
