import type { VendorNames } from '../../../config.ts';
import type { WebhookDefinitionRecord, WebhookMethod } from '../../../storage/port/index.ts';
import { proxiedTarget, usesCloudProxy } from './request-cloud-proxy.ts';
import { requestBody, requestContentType, requestMethod } from './request-body.ts';
import {
  basicAuthorization,
  eventCallHeaders,
  findHeader,
  headerValue,
  setHeader,
  type EventCallEnvelope,
} from './request-headers.ts';
import { signatureHeaders } from './signing.ts';
import {
  resolveTemplate,
  resolveUrlTemplate,
  transformationContext,
  type TransformationContext,
} from './transformation.ts';

/** The parts of a definition a request is built from (a `WebhookDefinitionRecord` is one). */
export type WebhookRequestDefinition = Pick<
  WebhookDefinitionRecord,
  'id' | 'name' | 'url' | 'headers' | 'httpBasicUsername' | 'httpBasicPassword' | 'transformation'
>;

export interface WebhookRequestInput extends EventCallEnvelope {
  definition: WebhookRequestDefinition;
  /** The rendered entity (the default body and `/payload` of pointers). */
  payload?: unknown;
  /**
   * The rendered entity as JSON text, instead of `payload`: sent as it is when no transformation body applies, and
   * parsed only when the definition reads `/payload` (pointers, transformations).
   */
  payloadText?: string;
  /** `/user/sys/id` of pointers; null when the event has no actor. */
  actorId: string | null;
  vendor: VendorNames;
  /** The space's signing secret: the request is signed when given. */
  signingSecret?: string;
  /** `TESSERA_WEBHOOK_SIGNING_PROXY_URL`, for definitions using the cloud signing proxy. */
  signingProxyUrl?: string;
  /** The signature timestamp (ms); now when left out. */
  now?: number;
}

export interface WebhookRequest {
  /** Where to send it (the proxy's origin for a proxied call). */
  url: string;
  method: WebhookMethod;
  headers: Record<string, string>;
  /** Undefined for GET and DELETE. */
  body: string | undefined;
}

export type WebhookRequestErrorCode = 'InvalidUrlError' | 'CloudProxyNotConfiguredError';

/** A call that cannot be made: nothing is sent; the code is the call's error. */
export class WebhookRequestError extends Error {
  constructor(
    readonly code: WebhookRequestErrorCode,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

function targetUrl(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new WebhookRequestError('InvalidUrlError', `The webhook URL resolves to "${url}", which is not a URL.`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new WebhookRequestError(
      'InvalidUrlError',
      `The webhook URL resolves to "${url}", which is not an http(s) URL.`,
    );
  }
  return target;
}

/** Whether anything of the definition reads the payload: a pointer in the URL or a header, or a transformation. */
const readsPayload = (d: WebhookRequestDefinition) =>
  d.transformation !== null || d.url.includes('{') || d.headers.some((h) => h.value.includes('{'));

/** The pointers' context; a payload given as JSON text is parsed only when the definition reads it. */
function contextOf(input: WebhookRequestInput): TransformationContext {
  const payload =
    input.payloadText === undefined
      ? input.payload
      : readsPayload(input.definition)
        ? JSON.parse(input.payloadText)
        : undefined;
  return transformationContext(payload, input.topic, input.actorId);
}

/** Parsed URLs of definitions without pointers (most), kept across calls; at most URL_CACHE_SIZE. */
const parsedUrls = new Map<string, URL>();
const URL_CACHE_SIZE = 1000;

/** The URL a call goes to: the definition's, its pointers resolved. */
function callUrl(url: string, context: TransformationContext): URL {
  if (url.includes('{')) return targetUrl(resolveUrlTemplate(url, context));
  let parsed = parsedUrls.get(url);
  if (!parsed) {
    parsed = targetUrl(url);
    if (parsedUrls.size >= URL_CACHE_SIZE) parsedUrls.clear();
    parsedUrls.set(url, parsed);
  }
  return parsed;
}

/**
 * The request of one attempt of a webhook call. Headers: `Content-Type`; `X-<Vendor>-Topic`, `-Webhook-Name`,
 * `-Webhook-Request-Attempt`, `-Event-Datetime`, `-CRN`, `-Idempotency-Key`, and `-Scheduled-Action-Id` for the
 * events a scheduled action's execution made; `Content-Length` when the
 * transformation asks for it; `Authorization: Basic` with a basic-auth user; the custom headers (values resolved as
 * templates; one named like a header above is not sent); the proxy's forwarding headers; and, with a signing secret,
 * `x-<vendor>-signature`, `-signed-headers` and `-timestamp` signing the method, path and query, the `Content-Type`
 * and `X-<Vendor>-*` headers above, and the body. Values an HTTP client cannot send go in the `headerValue` form.
 * Throws `WebhookRequestError` when the URL does not resolve to an http(s) URL, or the definition uses the cloud
 * signing proxy and no proxy is configured.
 */
export function buildWebhookRequest(input: WebhookRequestInput): WebhookRequest {
  const { definition, vendor } = input;
  const prefix = vendor.headerPrefix;
  const context = contextOf(input);
  const target = callUrl(definition.url, context);
  const method = requestMethod(definition.transformation);
  const contentType = requestContentType(definition.transformation, vendor.token);
  const body = requestBody(definition.transformation, context, method, contentType, input.payloadText);
  const signed = eventCallHeaders(prefix, contentType, input, definition.id);
  signed[`${prefix}-Webhook-Name`] = headerValue(definition.name);
  const headers: Record<string, string> = { ...signed };
  if (definition.transformation?.includeContentLength === true)
    headers['Content-Length'] = String(Buffer.byteLength(body ?? ''));
  if (definition.httpBasicUsername)
    headers.Authorization = basicAuthorization(definition.httpBasicUsername, definition.httpBasicPassword);
  for (const header of definition.headers) {
    if (findHeader(headers, header.key) === undefined) {
      headers[header.key] = headerValue(
        header.value.includes('{') ? resolveTemplate(header.value, context) : header.value,
      );
    }
  }
  let url = target.href;
  if (usesCloudProxy(definition.headers, prefix)) {
    if (!input.signingProxyUrl) {
      throw new WebhookRequestError(
        'CloudProxyNotConfiguredError',
        'The webhook uses the cloud signing proxy and none is configured (TESSERA_WEBHOOK_SIGNING_PROXY_URL).',
      );
    }
    const proxied = proxiedTarget(target, input.signingProxyUrl);
    url = proxied.url;
    for (const [name, value] of Object.entries(proxied.headers)) setHeader(headers, name, value);
  }
  if (input.signingSecret) {
    const toSign = { method, path: `${target.pathname}${target.search}`, headers: signed, body };
    const signature = signatureHeaders(input.signingSecret, toSign, input.now ?? Date.now(), prefix);
    for (const [name, value] of Object.entries(signature)) setHeader(headers, name, value);
  }
  return { url, method, headers, body };
}
