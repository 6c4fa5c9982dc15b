/**
 * The same result parsing on both drivers: int8 counts are numbers, timestamps are ISO-8601 strings,
 * numeric is a number, bytea is a Buffer.
 */
export const OID = { int8: 20, numeric: 1700, timestamp: 1114, timestamptz: 1184, bytea: 17 } as const;

/** `2026-11-22 13:19:21.052123+00` (or without zone, meaning UTC) -> `2026-11-22T13:19:21.052Z`. */
export function toIso(value: string): string {
  const m = /^(\d{4,}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(\.\d+)?(?:([+-]\d\d)(?::?(\d\d))?(?::?\d\d)?|Z)?$/.exec(value);
  if (!m) return new Date(value).toISOString();
  const fraction = (m[3] ?? '.000').padEnd(4, '0').slice(0, 4);
  // UTC (the usual case: every row of every read) needs no Date round trip.
  if (m[1].length === 10 && (!m[4] || (m[4] === '+00' && (m[5] ?? '00') === '00')))
    return `${m[1]}T${m[2]}${fraction}Z`;
  const zone = m[4] ? `${m[4]}:${m[5] ?? '00'}` : 'Z';
  return new Date(`${m[1]}T${m[2]}${fraction}${zone}`).toISOString();
}

export const textParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: (v) => Number(v),
  [OID.numeric]: (v) => Number(v),
  [OID.timestamptz]: toIso,
  [OID.timestamp]: toIso,
};
