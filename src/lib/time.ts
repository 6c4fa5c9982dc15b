/** Settings resources (spaces, environments, keys) carry second-precision timestamps; content carries milliseconds. */
export const toSecondsIso = (iso: string | Date): string => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const toMillisIso = (iso: string | Date): string => new Date(iso).toISOString();
