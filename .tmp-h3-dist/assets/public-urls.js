export { DEFAULT_ASSETS_PATH, DEFAULT_IMAGES_PATH } from "../domain/uploads/asset-processing-service.js";
/** The path this server mounts a host at: the path of its configured base URL, or the default path. */
export function mountPath(configured, fallback) {
    if (!configured)
        return fallback;
    return new URL(configured).pathname.replace(/\/+$/, '') || '/';
}
/**
 * The URL written into `fields.file.<locale>.url`: protocol-relative (`//host/...`) as the hosted service writes
 * it, so front ends that prefix `https:` keep working; the path is `/{space}/{asset}/{fileKey}/{fileName}`.
 */
export function fileUrl(baseUrl, spaceId, assetId, fileKey, fileName) {
    const base = baseUrl.replace(/^https?:/, '').replace(/\/+$/, '');
    return `${base}/${encodeURIComponent(spaceId)}/${encodeURIComponent(assetId)}/${fileKey}/${encodeURIComponent(fileName)}`;
}
/** The last four path segments of a file URL, decoded: `[space, asset, fileKey, fileName]`. */
export function fileUrlSegments(url) {
    const parsed = URL.parse(url, 'http://host/');
    if (!parsed)
        return undefined;
    const segments = parsed.pathname.split('/').slice(-4);
    if (segments.length !== 4)
        return undefined;
    try {
        return segments.map((s) => decodeURIComponent(s));
    }
    catch {
        return undefined;
    }
}
