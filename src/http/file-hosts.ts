import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { FILE_KEY, type FindPublishedFile } from '../assets/published-files.ts';
import { isIdentity, parseImageParams } from '../assets/image-params.ts';
import type { Rendition } from '../assets/renditions.ts';
import { RenditionRefused } from '../assets/rendition-refused.ts';
import { AppError } from '../errors/index.ts';
import { firstSegment, gateByFirstSegment, type GatedHandler } from './path-gate.ts';

export interface FileHostsOptions {
  /** Where each host is mounted on this server (`/assets`, `/images`, or `/` for a host of its own). */
  assetsPath: string;
  imagesPath: string;
  /** When both hosts share a mount path, requests whose Host header is this one go to the images host. */
  imagesHost: string | undefined;
  find: FindPublishedFile;
  rendition: Rendition;
  /** `X-<Vendor>`: a refused new rendition carries `X-<Vendor>-RateLimit-Reset` besides `Retry-After`. */
  vendorHeaderPrefix: string;
}

const FILE_PATH = '/:spaceId/:assetId/:fileKey/:fileName';

/**
 * How long clients and shared caches may reuse a file without asking again. Kept short because unpublishing stops
 * the file at once on this server while caches keep their copy until it expires; revalidation is cheap (ETag, 304).
 */
export const FILE_MAX_AGE_SECONDS = 60;

/**
 * Serves a file through `send` (Range and 206/416, conditional requests and 304, Last-Modified, Cache-Control).
 * The ETag is strong and names the bytes: the blob's sha256, or the rendition's key.
 */
function send(res: Response, next: NextFunction, path: string, contentType: string, etag: string, onGone?: () => void) {
  res.type(contentType);
  res.set('ETag', `"${etag}"`);
  res.sendFile(
    path,
    { dotfiles: 'allow', maxAge: FILE_MAX_AGE_SECONDS * 1000 },
    (error?: Error & { status?: number; code?: string; headers?: Record<string, string> }) => {
      if (!error || res.headersSent) return;
      if (error.code === 'ENOENT' && onGone) return onGone();
      if (error.status === 416) {
        res
          .status(416)
          .set(error.headers ?? {})
          .removeHeader('ETag');
        res.end();
        return;
      }
      next(error);
    },
  );
}

/**
 * The public asset and image hosts: published asset files without authentication, by the URL processing wrote.
 * The images host transforms image files per the Images API query parameters; other files are served as they are.
 * A path that is not a file address (the file key is not 32 hex digits) falls through to the next routes.
 */
export function fileHosts(options: FileHostsOptions): GatedHandler {
  const router = express.Router();
  const shared = options.assetsPath === options.imagesPath;

  const serve = (transform: boolean) => async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { spaceId, assetId, fileKey, fileName } = req.params as Record<string, string>;
      if (!FILE_KEY.test(fileKey)) return next();
      const file = await options.find(spaceId, assetId, fileKey, fileName);
      if (!file)
        throw new AppError('NotFound', 'No published asset file at this address.', {
          type: 'AssetFile',
          id: `${spaceId}/${assetId}/${fileKey}/${fileName}`,
        });
      if (transform && file.isImage) {
        const parsed = parseImageParams(req.query as Record<string, unknown>, file.contentType);
        if ('problems' in parsed) {
          throw new AppError(
            'BadRequest',
            `Invalid image parameters: ${parsed.problems.map((p) => p.details).join(' ')}`,
            { errors: parsed.problems },
          );
        }
        if (!isIdentity(parsed.params)) {
          const { params, format } = parsed;
          const serveRendition = async (again: boolean) => {
            const rendition = await options.rendition(spaceId, file.sha256, params, format);
            // Evicted between its lookup and the read: made once more.
            send(
              res,
              next,
              rendition.path,
              rendition.contentType,
              rendition.key,
              again ? () => serveRendition(false).catch(fail) : undefined,
            );
          };
          return await serveRendition(true);
        }
      }
      send(res, next, file.path, file.contentType, file.sha256);
    } catch (error) {
      fail(error);
    }

    function fail(error: unknown) {
      res.removeHeader('ETag');
      if (error instanceof RenditionRefused) {
        res.set('Retry-After', String(error.retryAfterSeconds));
        res.set(`${options.vendorHeaderPrefix}-RateLimit-Reset`, String(error.retryAfterSeconds));
      }
      next(error);
    }
  };

  const images = express.Router();
  images.get(FILE_PATH, (req, res, next) => {
    if (shared && options.imagesHost && req.get('host') !== options.imagesHost) return next();
    return serve(true)(req, res, next);
  });
  const assets = express.Router();
  assets.get(FILE_PATH, serve(false));
  router.use(options.imagesPath, images);
  router.use(options.assetsPath, assets);
  // A host mounted at `/` (its own host name) may answer any path.
  return gateByFirstSegment([options.imagesPath, options.assetsPath].map(firstSegment), router);
}
