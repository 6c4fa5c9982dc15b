/** Settings resources (spaces, environments, keys) carry second-precision timestamps; content carries milliseconds. */
export const toSecondsIso = (iso) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const toMillisIso = (iso) => new Date(iso).toISOString();
