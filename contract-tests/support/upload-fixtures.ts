import { expect } from 'vitest';
import sharp from 'sharp';
import type { TestServer } from './harness.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Quadrant colours of the test image: top-left red, top-right green, bottom-left blue, bottom-right yellow. */
export const QUADRANTS = {
  topLeft: [255, 0, 0],
  topRight: [0, 255, 0],
  bottomLeft: [0, 0, 255],
  bottomRight: [255, 255, 0],
} as const;

/** A 400 x 300 PNG in four coloured quadrants, so crops and focus areas can be told apart by a pixel. */
export async function quadrantPng(width = 400, height = 300): Promise<Buffer> {
  const [w, h] = [width / 2, height / 2];
  const tile = (rgb: readonly number[]) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
      .png()
      .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([
      { input: await tile(QUADRANTS.topLeft), left: 0, top: 0 },
      { input: await tile(QUADRANTS.topRight), left: w, top: 0 },
      { input: await tile(QUADRANTS.bottomLeft), left: 0, top: h },
      { input: await tile(QUADRANTS.bottomRight), left: w, top: h },
    ])
    .png()
    .toBuffer();
}

/** Fixtures for uploads, assets and processing, all arranged over HTTP. */
export function uploadFixtures(api: () => TestServer) {
  const versionHeader = (v: number | string) => ({ [`${api().vendorPrefix}-Version`]: String(v) });

  async function newSpace(): Promise<string> {
    const res = await api().post('/spaces', { name: 'Files' });
    expect(res.status).toBe(201);
    return res.body.sys.id as string;
  }

  async function upload(spaceId: string, bytes: Buffer, environmentId?: string) {
    const path = environmentId
      ? `/spaces/${spaceId}/environments/${environmentId}/uploads`
      : `/spaces/${spaceId}/uploads`;
    const res = await api().request('POST', path, {
      rawBody: bytes,
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  const uploadLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Upload', id } });

  /** Creates an asset whose file in each given locale comes from an upload (or from a URL with `upload`). */
  async function createAsset(spaceId: string, files: Record<string, Record<string, unknown>>) {
    const res = await api().post(`/spaces/${spaceId}/assets`, {
      fields: { title: { 'en-US': 'A file' }, file: files },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  const processPath = (spaceId: string, assetId: string, locale: string) =>
    `/spaces/${spaceId}/assets/${assetId}/files/${locale}/process`;

  async function process(spaceId: string, assetId: string, locale: string, version: number) {
    return api().put(processPath(spaceId, assetId, locale), undefined, { headers: versionHeader(version) });
  }

  const getAsset = async (spaceId: string, assetId: string) =>
    (await api().get(`/spaces/${spaceId}/assets/${assetId}`)).body;

  /** Polls the asset until every locale's file has a URL (processing runs as a job). */
  async function waitProcessed(spaceId: string, assetId: string, locales: string[], timeoutMs = 15_000) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const asset = await getAsset(spaceId, assetId);
      if (locales.every((l) => typeof asset.fields.file?.[l]?.url === 'string')) return asset;
      if (Date.now() > end)
        throw new Error(`asset ${assetId} not processed in time: ${JSON.stringify(asset.fields.file)}`);
      await sleep(50);
    }
  }

  async function publish(spaceId: string, assetId: string, version: number) {
    const res = await api().put(`/spaces/${spaceId}/assets/${assetId}/published`, undefined, {
      headers: versionHeader(version),
    });
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  /** Upload, create, process, publish: a published asset and the http URL of its file. */
  async function publishedAsset(spaceId: string, bytes: Buffer, contentType: string, fileName: string) {
    const up = await upload(spaceId, bytes);
    const created = await createAsset(spaceId, {
      'en-US': { contentType, fileName, uploadFrom: uploadLink(up.sys.id) },
    });
    expect((await process(spaceId, created.sys.id, 'en-US', 1)).status).toBe(204);
    const processed = await waitProcessed(spaceId, created.sys.id, ['en-US']);
    const published = await publish(spaceId, created.sys.id, processed.sys.version);
    // The test servers speak http: a protocol-relative URL (an https base's) is fetched over http.
    return {
      asset: published,
      url: new URL(processed.fields.file['en-US'].url as string, 'http://scheme.invalid').href,
    };
  }

  return {
    versionHeader,
    newSpace,
    upload,
    uploadLink,
    createAsset,
    processPath,
    process,
    getAsset,
    waitProcessed,
    publish,
    publishedAsset,
  };
}

/** GET (or another method) on a public file URL, without a token. */
export async function fetchFile(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}
