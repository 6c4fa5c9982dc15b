import { get as pointerValue } from '@hyperjump/json-pointer';
import { applyHelper, valueText } from './body-helpers.ts';

/** What transformation pointers read: `/payload/...`, `/topic`, `/user/sys/id`. */
export interface TransformationContext {
  payload: unknown;
  topic: string;
  user: { sys: { id: string | null } };
}

export function transformationContext(payload: unknown, topic: string, actorId: string | null): TransformationContext {
  return { payload, topic, user: { sys: { id: actorId } } };
}

/**
 * `{ /pointer }` or `{ helper [n] /pointer }`, spaces inside the braces optional. The pointer is an RFC 6901 JSON
 * pointer without spaces or braces; braces holding anything else are plain text.
 */
const EXPRESSION_SOURCE = String.raw`\{\s*(?:([a-z][a-z-]*)\s+(?:(\d+)\s+)?)?(\/[^\s{}]*)\s*\}`;
const EXACT = new RegExp(`^${EXPRESSION_SOURCE}$`);
const EMBEDDED = () => new RegExp(EXPRESSION_SOURCE, 'g');

/**
 * The value of one expression; undefined when the pointer is malformed (a `~` not followed by 0 or 1) or reaches
 * nothing (a missing key, or a step into a string, number or null), and for an unknown helper or wrong parameter.
 */
function evaluate(
  context: TransformationContext,
  helper: string | undefined,
  parameter: string | undefined,
  pointer: string,
): unknown {
  let value: unknown;
  try {
    value = pointerValue(pointer, context as never);
  } catch {
    value = undefined;
  }
  if (helper === undefined) return value;
  return applyHelper(helper, parameter === undefined ? undefined : Number(parameter), value);
}

/** Pointers inside text replaced by their values as text (`valueText`), each passed through `encode`. */
export function resolveTemplate(
  template: string,
  context: TransformationContext,
  encode: (text: string) => string = (text) => text,
): string {
  return template.replace(EMBEDDED(), (_, helper: string | undefined, parameter: string | undefined, pointer: string) =>
    encode(valueText(evaluate(context, helper, parameter, pointer))),
  );
}

/** A URL with pointers: values URL-encoded as path or query components. */
export function resolveUrlTemplate(url: string, context: TransformationContext): string {
  return resolveTemplate(url, context, encodeURIComponent);
}

/**
 * A transformation body resolved: every string that is exactly one expression becomes its value with its JSON type
 * (null when it resolves to nothing), every other string is a template; objects and arrays are resolved member by
 * member (keys are kept as written).
 */
export function transformBody(body: unknown, context: TransformationContext): unknown {
  if (typeof body === 'string') {
    const exact = EXACT.exec(body);
    if (exact === null) return resolveTemplate(body, context);
    return evaluate(context, exact[1], exact[2], exact[3]) ?? null;
  }
  if (Array.isArray(body)) return body.map((item) => transformBody(item, context));
  if (body !== null && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, transformBody(value, context)]));
  }
  return body;
}
