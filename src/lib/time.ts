/** `2026-11-22T13:19:21.052Z`: what every timestamp read from storage looks like (storage's type parsers write it). */
const CANONICAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const canonical = (iso: string | Date): string =>
  typeof iso === 'string' && CANONICAL.test(iso) ? iso : new Date(iso).toISOString();

/** Settings resources (spaces, environments, keys) carry second-precision timestamps; content carries milliseconds. */
export const toSecondsIso = (iso: string | Date): string => {
  const millis = canonical(iso);
  return millis.length === 24 ? `${millis.slice(0, 19)}Z` : millis.replace(/\.\d{3}Z$/, 'Z');
};
export const toMillisIso = (iso: string | Date): string => canonical(iso);
