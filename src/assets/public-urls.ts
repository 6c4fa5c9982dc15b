import type { Config } from '../config.ts';

/** Where the asset and image hosts live on this server when no base URL of their own is configured. */
export const DEFAULT_ASSETS_PATH = '/assets';
export const DEFAULT_IMAGES_PATH = '/images';

/** The path this server mounts a host at: the path of its configured base URL, or the default path. */
export function mountPath(configured: string | undefined, fallback: string): string {
  if (!configured) return fallback;
  return new URL(configured).pathname.replace(/\/+$/, '') || '/';
}

/**
 * The URL written into `fields.file.<locale>.url`, on the path `/{space}/{asset}/{fileKey}/{fileName}` under the base.
 * On an `https` base it is protocol-relative (`//host/...`) as the hosted service writes it: the official tools and
 * front ends complete it with `https:`, which is then right. On an `http` base it is absolute, so nothing completes it
 * with `https:` (the quick start's plain HTTP).
 */
export function fileUrl(baseUrl: string, spaceId: string, assetId: string, fileKey: string, fileName: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  const base = trimmed.startsWith('https:') ? trimmed.slice('https:'.length) : trimmed;
  return `${base}/${encodeURIComponent(spaceId)}/${encodeURIComponent(assetId)}/${fileKey}/${encodeURIComponent(fileName)}`;
}

/** The last four path segments of a file URL, decoded: `[space, asset, fileKey, fileName]`. */
export function fileUrlSegments(url: string): string[] | undefined {
  const parsed = URL.parse(url, 'http://host/');
  if (!parsed) return undefined;
  const segments = parsed.pathname.split('/').slice(-4);
  if (segments.length !== 4) return undefined;
  try {
    return segments.map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

export interface FileBaseUrls {
  assets: string;
  images: string;
}

type UrlConfig = Pick<Config, 'port' | 'host' | 'publicBaseUrl' | 'assetsBaseUrl' | 'imagesBaseUrl'>;

/** `http://<host>:<port>` of a listening address; a wildcard address is reached as `localhost`. */
export function ownAddress(host: string, port: number): string {
  const name = ['', '0.0.0.0', '::', '::0'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * This server's public URLs, from configuration only (asset processing runs as a background job, and a request's
 * `Host` is the client's to choose): the public base is `TESSERA_PUBLIC_URL`, else the server's own address
 * (`http://localhost:<PORT>`, known for certain once it listens); the file hosts are `TESSERA_ASSETS_URL` and
 * `TESSERA_IMAGES_URL`, else the public base with `/assets` and `/images`.
 */
export class PublicUrls {
  #own: string;

  constructor(private readonly config: UrlConfig) {
    this.#own = ownAddress(config.host, config.port);
  }

  /** Called once the server listens: the port may have been chosen by the system (port 0). */
  listeningOn(host: string, port: number): void {
    this.#own = ownAddress(host, port);
  }

  get publicBase(): string {
    return this.config.publicBaseUrl ?? this.#own;
  }

  fileBases(): FileBaseUrls {
    return {
      assets: this.config.assetsBaseUrl ?? `${this.publicBase}${DEFAULT_ASSETS_PATH}`,
      images: this.config.imagesBaseUrl ?? `${this.publicBase}${DEFAULT_IMAGES_PATH}`,
    };
  }

  /**
   * A stored file URL with its scheme. A protocol-relative URL of this server's hosts (on the host of a base URL,
   * or under the default `/assets/` or `/images/` paths, as files processed before the scheme was kept are) takes
   * that base's scheme; one of another host takes `https:`, as the hosted service's tools complete it.
   */
  complete(url: string): string {
    if (!url.startsWith('//')) return url;
    const parsed = URL.parse(`http:${url}`);
    if (!parsed) return `https:${url}`;
    const { assets, images } = this.fileBases();
    const bases = [new URL(images), new URL(assets), new URL(this.publicBase)];
    const own =
      bases.find((b) => b.host === parsed.host) ??
      (this.isUnderDefaultPath(parsed.pathname) ? new URL(this.publicBase) : undefined);
    return `${own?.protocol ?? 'https:'}${url}`;
  }

  private isUnderDefaultPath(path: string): boolean {
    const mounted = [
      this.config.assetsBaseUrl ? undefined : DEFAULT_ASSETS_PATH,
      this.config.imagesBaseUrl ? undefined : DEFAULT_IMAGES_PATH,
    ];
    return mounted.some(
      (m) => m !== undefined && path.startsWith(`${m}/`) && path.slice(m.length).split('/').length === 5,
    );
  }
}
