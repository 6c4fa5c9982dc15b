/** The bearer token of a request: `Authorization: Bearer <token>`, else `?access_token=<token>`. */
export function bearerToken(authorization: string | undefined, query: unknown): string | undefined {
  const match = authorization && /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (match) return match[1];
  const fromQuery = (query as Record<string, unknown> | undefined)?.access_token;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : undefined;
}
