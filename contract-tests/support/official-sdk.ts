import { ADMIN_TOKEN, useServer } from './harness.ts';

/**
 * A PGlite server that speaks the official vendor's names (TESSERA_API_VENDOR=contentful), for the unmodified
 * `contentful-management` SDK, and the client options that reach it with the admin token; `env` adds settings.
 */
export function useOfficialSdkServer(env: Record<string, string> = {}) {
  const api = useServer('pglite', { env: { ...env, TESSERA_API_VENDOR: 'contentful' } });
  const options = () => ({
    accessToken: ADMIN_TOKEN,
    host: new URL(api().baseUrl).host,
    insecure: true,
    retryOnError: false,
  });
  return { api, options };
}
