import { validationFailed, type ErrorItem } from '../../errors/index.ts';
import { isPlainObject } from '../content-model/value-shape.ts';
import { urlProblem } from '../webhooks/definitions/url-policy.ts';

/** Keys an app may have (management-api.md, Limits). */
export const MAX_APP_KEYS = 3;
/** Installation parameters, as JSON text, at most (bytes). */
export const MAX_INSTALLATION_PARAMETERS = 16 * 1024;
/** App JWTs reach this far ahead at most, and app access tokens live this long. */
export const APP_TOKEN_LIFETIME_MS = 10 * 60 * 1000;

const ACTIONS_OF: Record<string, string[]> = {
  Entry: ['create', 'save', 'archive', 'unarchive', 'publish', 'unpublish', 'delete'],
  Asset: ['create', 'save', 'archive', 'unarchive', 'publish', 'unpublish', 'delete'],
  ContentType: ['create', 'save', 'publish', 'unpublish', 'delete'],
};

/** The topics an app event subscription may name (Events rule 9): `<Type>.<action>`, no wildcards. */
export const APP_EVENT_TOPICS: readonly string[] = Object.entries(ACTIONS_OF).flatMap(([type, actions]) =>
  actions.map((action) => `${type}.${action}`),
);

/** The target URL and topics of an event subscription body, or 422 naming every problem. */
export function eventSubscriptionFields(
  body: { targetUrl?: unknown; topics?: unknown },
  allowPrivateTargets: boolean,
): { targetUrl: string; topics: string[] } {
  const errors: ErrorItem[] = [];
  const { targetUrl, topics } = body;
  if (typeof targetUrl !== 'string')
    errors.push({ name: 'required', path: ['targetUrl'], details: '"targetUrl" must be an https URL' });
  else {
    // Loopback http targets only where the operator allows private targets (tests, local development).
    const problem =
      !targetUrl.startsWith('https://') && !allowPrivateTargets
        ? 'The URL must use https.'
        : urlProblem(targetUrl, allowPrivateTargets);
    if (problem) errors.push({ name: 'format', path: ['targetUrl'], value: targetUrl, details: problem });
  }
  if (!Array.isArray(topics) || topics.length === 0)
    errors.push({ name: 'size', path: ['topics'], value: topics, details: '"topics" must be a non-empty list' });
  else {
    const seen = new Set<unknown>();
    topics.forEach((topic, i) => {
      if (typeof topic !== 'string' || !APP_EVENT_TOPICS.includes(topic))
        errors.push({
          name: 'in',
          path: ['topics', i],
          value: topic,
          details: `Topics name a type and an action, without wildcards: ${APP_EVENT_TOPICS.join(', ')}`,
        });
      else if (seen.has(topic))
        errors.push({ name: 'taken', path: ['topics', i], value: topic, details: `${topic} is listed twice` });
      seen.add(topic);
    });
  }
  if (errors.length) throw validationFailed(errors);
  return { targetUrl: targetUrl as string, topics: topics as string[] };
}

/** Installation parameters: an object of at most 16 kB as JSON text (absent: none), or 422. */
export function installationParameters(body: unknown): Record<string, unknown> | null {
  if (body === undefined || body === null || (isPlainObject(body) && body.parameters === undefined)) return null;
  const parameters = isPlainObject(body) ? body.parameters : body;
  if (!isPlainObject(parameters))
    throw validationFailed([
      { name: 'type', path: ['parameters'], value: parameters, details: '"parameters" must be an object' },
    ]);
  const size = Buffer.byteLength(JSON.stringify(parameters), 'utf8');
  if (size > MAX_INSTALLATION_PARAMETERS)
    throw validationFailed([
      {
        name: 'size',
        path: ['parameters'],
        max: MAX_INSTALLATION_PARAMETERS,
        details: `"parameters" is ${size} bytes as JSON; at most ${MAX_INSTALLATION_PARAMETERS} (16kB) are allowed`,
      },
    ]);
  return parameters;
}
