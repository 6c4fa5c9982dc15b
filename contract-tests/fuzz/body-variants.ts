import { DEEP, deepArray, deepObject, type FuzzCase } from './case.ts';
import { type FuzzOperation, resolve } from './operations.ts';

/** Malformed bodies: derived from the operation's well-formed body, one change each. */
type Path = (string | number)[];
const SENTINEL = '\u0001RAW\u0001';

/** Every leaf (and every object) of a JSON value with its path. */
function walk(value: unknown, path: Path = [], out: { path: Path; value: unknown }[] = []) {
  out.push({ path, value });
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walk(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

function replaced(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = replaced(copy[path[0]], path.slice(1), replacement);
  return copy;
}

/** `value` as JSON with the value at `path` replaced by raw JSON text (for nesting JSON.stringify cannot write). */
const withRaw = (value: unknown, path: Path, raw: string) =>
  JSON.stringify(replaced(value, path, SENTINEL)).replace(JSON.stringify(SENTINEL), raw);

const wrongTypeOf = (v: unknown): unknown =>
  typeof v === 'string'
    ? 42
    : typeof v === 'number'
      ? 'x'
      : typeof v === 'boolean'
        ? 'true'
        : Array.isArray(v)
          ? {}
          : v === null
            ? []
            : [];
const where = (path: Path) => (path.length ? path.join('.') : 'root');

export function bodyVariants(op: FuzzOperation, valid: unknown, mediaType: string): FuzzCase[] {
  const json = (label: string, raw: string | Buffer, contentType: string | null = mediaType): FuzzCase => ({
    label: `body: ${label}`,
    body: { raw, contentType },
  });
  if (!op.body || !op.body.contentTypes.some((t) => t.includes('json'))) {
    return [
      json('JSON sent where none is taken', '{"a":'),
      json(`${DEEP} nested arrays where none is taken`, deepArray(DEEP)),
    ];
  }
  const nodes = walk(valid);
  const strings = nodes.filter((n) => typeof n.value === 'string');
  const objects = nodes.filter((n) => n.value && typeof n.value === 'object' && !Array.isArray(n.value));
  const leaves = nodes.filter((n) => n.path.length > 0 && (n.value === null || typeof n.value !== 'object'));
  const required: string[] = resolve(op.body.schema).required ?? [];
  const text = JSON.stringify(valid);
  return [
    ...[[], 'string', 42, null, true].map((v) => json(`root is ${JSON.stringify(v)}`, JSON.stringify(v))),
    ...nodes
      .filter((n) => n.path.length > 0)
      .map((n) =>
        json(`wrong type at ${where(n.path)}`, JSON.stringify(replaced(valid, n.path, wrongTypeOf(n.value)))),
      ),
    ...required.map((k) => json(`missing required ${k}`, JSON.stringify(replaced(valid, [k], undefined)))),
    ...objects.map((n) =>
      json(`extra property at ${where(n.path)}`, JSON.stringify(replaced(valid, [...n.path, 'zzExtra'], { x: 1 }))),
    ),
    ...strings.map((n) =>
      json(`NUL in string at ${where(n.path)}`, JSON.stringify(replaced(valid, n.path, 'a\u0000b'))),
    ),
    ...strings.map((n) =>
      json(`lone surrogate in string at ${where(n.path)}`, JSON.stringify(replaced(valid, n.path, 'a\ud800b'))),
    ),
    ...objects.map((n) =>
      json(`NUL in a property name at ${where(n.path)}`, JSON.stringify(replaced(valid, [...n.path, 'a\u0000b'], 'v'))),
    ),
    ...leaves.map((n) => json(`${DEEP} nested arrays at ${where(n.path)}`, withRaw(valid, n.path, deepArray(DEEP)))),
    ...leaves.map((n) => json(`${DEEP} nested objects at ${where(n.path)}`, withRaw(valid, n.path, deepObject(DEEP)))),
    ...strings.map((n) =>
      json(
        `200,000-character string at ${where(n.path)}`,
        JSON.stringify(replaced(valid, n.path, 's'.repeat(200_000))),
      ),
    ),
    ...leaves.map((n) => json(`number 1e400 at ${where(n.path)}`, withRaw(valid, n.path, '1e400'))),
    json(`${DEEP} nested arrays as the body`, deepArray(DEEP)),
    json('3 MB body', JSON.stringify(replaced(valid, ['zzPadding'], 'p'.repeat(3_000_000)))),
    json('truncated JSON', text.slice(0, Math.max(1, Math.floor(text.length / 2)))),
    json('single quotes', text.replaceAll('"', "'")),
    json('trailing garbage', `${text} trailing`),
    json('trailing comma', text.replace(/}$/, ',}')),
    json('byte order mark', `\ufeff${text}`),
    json(
      'invalid UTF-8 bytes in a string',
      Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('b"}')]),
    ),
    json('NUL byte outside a string', `${text}\u0000`),
    json('empty body', ''),
    json('text/plain', text, 'text/plain'),
    json('form encoding', 'name=x&fields=y', 'application/x-www-form-urlencoded'),
    json(
      'multipart',
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
      'multipart/form-data; boundary=b',
    ),
    json('XML', '<name>x</name>', 'application/xml'),
    json('no Content-Type', text, null),
    json('JSON in UTF-16', Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16'),
    json('unknown charset', text, `${mediaType}; charset=klingon`),
    json('octet-stream', text, 'application/octet-stream'),
  ];
}

/** Bodies for operations that take raw bytes (uploads). */
export function rawBodyVariants(op: FuzzOperation, mediaType: string): FuzzCase[] {
  if (!op.body?.contentTypes.includes('application/octet-stream')) return [];
  const b = (label: string, raw: string | Buffer, contentType: string | null) => ({
    label: `body: ${label}`,
    body: { raw, contentType },
  });
  return [
    b('empty upload', '', 'application/octet-stream'),
    b('JSON instead of bytes', '{"a":1}', mediaType),
    b(`${DEEP} nested arrays as JSON`, deepArray(DEEP), mediaType),
    b('no Content-Type', 'bytes', null),
    b('text/plain', 'bytes', 'text/plain'),
  ];
}
