import { type FuzzOperation, refName, resolve } from './operations.ts';
import { CONTENT_TYPE_ID, entryFields, FIELDS, type World } from './world.ts';

/**
 * Well-formed values for every part of a request: the fuzzer breaks one part at a time and keeps the rest valid, so
 * each malformed part is what the server must refuse. Bodies of the main resources are written by hand (the schema
 * alone does not say which fields or links exist); the others are the smallest instance of their schema.
 */
type Json = Record<string, any>;

const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

const BODIES: Record<string, (world: World) => unknown> = {
  EntryInput: () => ({ fields: entryFields(), metadata: { tags: [link('Tag', 'fuzz-tag')] } }),
  AssetInput: (world) => ({
    fields: {
      title: { 'en-US': 'Fuzzed' },
      description: { 'en-US': 'An asset' },
      file: {
        'en-US': {
          contentType: 'image/png',
          fileName: 'a.png',
          uploadFrom: link('Upload', world.idFor('upload_id', '')),
        },
      },
    },
  }),
  ContentTypeInput: () => ({ name: 'Fuzz type', displayField: 'title', fields: FIELDS }),
  ExtensionInput: () => ({
    extension: { name: 'Fuzz', srcdoc: '<p>x</p>', fieldTypes: [{ type: 'Symbol' }] },
    parameters: {},
  }),
  EditorInterfaceInput: () => ({ controls: [{ fieldId: 'title', widgetId: 'singleLine' }] }),
  PersonalAccessTokenInput: () => ({ name: 'Fuzz', scopes: ['content_management_manage'] }),
  EnvironmentAliasInput: () => ({ environment: link('Environment', 'master') }),
  JsonPatchOperation: () => [
    { op: 'replace', path: '/fields/title/en-US', value: 'Patched' },
    { op: 'add', path: '/fields/count', value: { 'en-US': 4 } },
  ],
  ApiKeyInput: () => ({ name: 'Fuzz key', description: 'd', environments: [link('Environment', 'master')] }),
  ScheduledActionInput: () => ({
    entity: link('Entry', 'fuzz-entry'),
    environment: link('Environment', 'master'),
    scheduledFor: { datetime: '2099-01-01T00:00:00.000Z', timezone: 'Europe/Berlin' },
    action: 'publish',
  }),
};

/** The smallest value of a schema: required properties only, the first branch of a union. */
export function minimalOf(schema: Json, depth = 0): unknown {
  const s = resolve(schema);
  if (depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const branch = s.allOf?.[0] ?? s.anyOf?.[0] ?? s.oneOf?.[0];
  if (branch) return minimalOf(branch, depth + 1);
  switch (s.type) {
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((k: string) => [k, minimalOf(s.properties?.[k] ?? {}, depth + 1)]),
      );
    case 'array':
      return s.minItems ? [minimalOf(s.items ?? {}, depth + 1)] : [];
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return s.pattern ? 'en-US' : 'fuzz';
    default:
      return {};
  }
}

export function validBody(op: FuzzOperation, world: World): unknown {
  if (!op.body) return undefined;
  // A body that is a list of one component (a JSON Patch) is named by its items.
  const name = refName(op.body.schema) ?? refName(resolve(op.body.schema).items);
  // A new locale needs a code not taken yet; an update keeps the code of the world's locale.
  if (name === 'LocaleInput')
    return { name: 'Locale', code: op.method === 'POST' ? 'fr-FR' : 'de-DE', fallbackCode: 'en-US', optional: true };
  return name && BODIES[name] ? BODIES[name](world) : minimalOf(op.body.schema);
}

/** The media type of the operation's body: its first one, with the vendor's name in the management media type. */
export function bodyMediaType(op: FuzzOperation, vendorMediaType: string): string {
  const first = op.body?.contentTypes[0] ?? 'application/json';
  return first.includes('vnd.service.') ? vendorMediaType : first;
}

/** Headers every well-formed request of this operation carries (vendor names with the server's prefix). */
export function validHeaders(op: FuzzOperation, vendorPrefix: string, version: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const p of op.parameters.filter((q) => q.in === 'header')) {
    const name = p.name.replace(/^X-Service-/, `${vendorPrefix}-`);
    const value = (
      {
        Version: version,
        'Content-Type': CONTENT_TYPE_ID,
        'Tag-Visibility': 'private',
        'Source-Environment': 'master',
      } as Record<string, string>
    )[p.name.replace(/^X-Service-/, '')];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
