import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('configuration of uploads and file hosts', () => {
  it('defaults to this server, <dataDir>/files, 1000 MB uploads and no outbound fetches', () => {
    const c = loadConfig({ TESSERA_DATA_DIR: '/srv/tessera' });
    expect(c).toMatchObject({
      uploadBaseUrl: undefined,
      assetsBaseUrl: undefined,
      imagesBaseUrl: undefined,
      filesDir: '/srv/tessera/files',
      uploadMaxBytes: 1000 * 1024 * 1024,
      fetchRemoteFiles: false,
    });
  });

  it('gives each test server a fresh temporary files directory unless one is named', () => {
    const a = loadConfig({ NODE_ENV: 'test' });
    const b = loadConfig({ NODE_ENV: 'test' });
    expect(path.dirname(a.filesDir)).toBe(tmpdir());
    expect(a.filesDir).not.toBe(b.filesDir);
    expect(loadConfig({ NODE_ENV: 'test', TESSERA_FILES_DIR: '/x/files' }).filesDir).toBe('/x/files');
  });

  it('reads the base URLs, the limit and the fetch flag, refusing malformed values', () => {
    const c = loadConfig({
      TESSERA_UPLOAD_URL: 'https://upload.example.com/',
      TESSERA_ASSETS_URL: 'https://assets.example.com',
      TESSERA_IMAGES_URL: 'http://localhost:9000/img',
      TESSERA_UPLOAD_MAX_BYTES: '2048',
      TESSERA_FETCH_REMOTE_FILES: '1',
    });
    expect(c).toMatchObject({
      uploadBaseUrl: 'https://upload.example.com',
      assetsBaseUrl: 'https://assets.example.com',
      imagesBaseUrl: 'http://localhost:9000/img',
      uploadMaxBytes: 2048,
      fetchRemoteFiles: true,
    });
    expect(() => loadConfig({ TESSERA_ASSETS_URL: 'assets.example.com' })).toThrow(/TESSERA_ASSETS_URL/);
    expect(() => loadConfig({ TESSERA_IMAGES_URL: 'ftp://images.example.com' })).toThrow(/TESSERA_IMAGES_URL/);
    expect(() => loadConfig({ TESSERA_UPLOAD_MAX_BYTES: '0' })).toThrow(/TESSERA_UPLOAD_MAX_BYTES/);
  });

  it('bounds the image host: 100 new renditions per space per minute, 2 transforms with 16 waiting, a 1024 MB cache', () => {
    expect(loadConfig({})).toMatchObject({
      imageRenditionsPerMinute: 100,
      imageTransformConcurrency: 2,
      imageTransformQueue: 16,
      imageCacheMb: 1024,
    });
    const c = loadConfig({
      TESSERA_IMAGE_RENDITIONS_PER_MINUTE: '0',
      TESSERA_IMAGE_TRANSFORM_CONCURRENCY: '4',
      TESSERA_IMAGE_TRANSFORM_QUEUE: '0',
      TESSERA_IMAGE_CACHE_MB: '5',
    });
    expect(c).toMatchObject({
      imageRenditionsPerMinute: 0,
      imageTransformConcurrency: 4,
      imageTransformQueue: 0,
      imageCacheMb: 5,
    });
    expect(() => loadConfig({ TESSERA_IMAGE_TRANSFORM_CONCURRENCY: '0' })).toThrow(
      /TESSERA_IMAGE_TRANSFORM_CONCURRENCY/,
    );
    expect(() => loadConfig({ TESSERA_IMAGE_CACHE_MB: '0' })).toThrow(/TESSERA_IMAGE_CACHE_MB/);
    expect(() => loadConfig({ TESSERA_IMAGE_RENDITIONS_PER_MINUTE: '-1' })).toThrow(
      /TESSERA_IMAGE_RENDITIONS_PER_MINUTE/,
    );
  });
});
