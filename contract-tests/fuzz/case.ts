/**
 * One malformed request: a well-formed request of the operation with one part replaced. Raw text is sent as it is
 * (already percent-encoded where it goes into the URL), so the bytes on the wire are exactly the ones listed here.
 */
export interface FuzzCase {
  /** What was broken, e.g. `path entry_id: NUL`; failures are grouped by it. */
  label: string;
  /** Raw path segments by parameter name, instead of the world's id. */
  path?: Record<string, string>;
  /** Raw `name=value` pairs appended to the query (a parameter given here replaces its well-formed value). */
  query?: { name: string; raw: string }[];
  /** Header values to set (undefined: remove the header). */
  headers?: Record<string, string | undefined>;
  /** The raw body and its Content-Type (null: no Content-Type header). */
  body?: { raw: string | Buffer; contentType: string | null };
}

/** An arbitrary deep value as JSON text, built as text because JSON.stringify of it would recurse that deep. */
export const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
export const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** How deep the nesting variants go (the reproduction). */
export const DEEP = 10_000;
