/** NUL (PostgreSQL text cannot hold it) and a surrogate without its pair (no UTF-8 form; drivers rewrite it). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store (and so look up) the string unchanged: a string it cannot names nothing stored. */
export const storable = (value: string) => !UNSTORABLE.test(value);
