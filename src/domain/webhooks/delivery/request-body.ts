import type { WebhookMethod, WebhookTransformation } from '../../../storage/port/index.ts';
import { valueText } from './body-helpers.ts';
import { transformBody, type TransformationContext } from './transformation.ts';
import { transformationContentTypes } from '../definitions/webhook-validation.ts';

const METHODS: readonly WebhookMethod[] = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'];
/** Methods whose calls carry no body (the transformation's body is not used). */
const BODYLESS: ReadonlySet<WebhookMethod> = new Set(['GET', 'DELETE']);

/** The transformation's method; POST when none (or one that is not allowed) is stored. */
export function requestMethod(transformation: WebhookTransformation | null): WebhookMethod {
  const method = transformation?.method;
  return method !== undefined && METHODS.includes(method) ? method : 'POST';
}

const allowedByVendor = new Map<string, string[]>();

/** The transformation's content type; the vendor management media type when none (or one not allowed) is stored. */
export function requestContentType(transformation: WebhookTransformation | null, vendorToken: string): string {
  let allowed = allowedByVendor.get(vendorToken);
  if (!allowed) allowedByVendor.set(vendorToken, (allowed = transformationContentTypes(vendorToken)));
  const contentType = transformation?.contentType;
  return contentType !== undefined && allowed.includes(contentType) ? contentType : allowed[0];
}

export const isFormContentType = (contentType: string): boolean =>
  contentType.startsWith('application/x-www-form-urlencoded');

/**
 * The body sent: none for GET and DELETE; else the transformation's body resolved (the payload itself when the
 * transformation has no body), as JSON text, or as form data for the form content types (`formBody`).
 * `payloadText`: the payload's JSON text, sent as it is when the payload is the body.
 */
export function requestBody(
  transformation: WebhookTransformation | null,
  context: TransformationContext,
  method: WebhookMethod,
  contentType: string,
  payloadText?: string,
): string | undefined {
  if (BODYLESS.has(method)) return undefined;
  const template = transformation?.body;
  const form = isFormContentType(contentType);
  if ((template === undefined || template === null) && !form && payloadText !== undefined) return payloadText;
  const value = template === undefined || template === null ? context.payload : transformBody(template, context);
  return form ? formBody(value) : (JSON.stringify(value) ?? 'null');
}

/**
 * `application/x-www-form-urlencoded` data of a JSON value: an object's top-level keys, each with its value as text
 * (strings as they are, null empty, numbers and booleans as written, objects and arrays as JSON). A value that is not
 * an object is sent as text the same way (a string template can so write its own form data).
 */
export function formBody(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return valueText(value);
  return new URLSearchParams(
    Object.entries(value).map(([key, item]): [string, string] => [key, valueText(item)]),
  ).toString();
}
