import { describe, expect, it } from 'vitest';
import { fileUrl, fileUrlSegments, mountPath, ownAddress, PublicUrls } from './public-urls.ts';

const K = 'f'.repeat(32);
const urls = (config: { publicBaseUrl?: string; assetsBaseUrl?: string; imagesBaseUrl?: string } = {}) =>
  new PublicUrls({
    port: 8080,
    host: '0.0.0.0',
    publicBaseUrl: undefined,
    assetsBaseUrl: undefined,
    imagesBaseUrl: undefined,
    ...config,
  });

describe('public file URLs', () => {
  it('are absolute on an http base and protocol-relative on an https one, with the file name encoded', () => {
    expect(fileUrl('http://localhost:8080/assets', 's1', 'a1', K, 'my file?.png')).toBe(
      `http://localhost:8080/assets/s1/a1/${K}/my%20file%3F.png`,
    );
    expect(fileUrl('https://images.example.com/', 's', 'a', 'k', 'x.jpg')).toBe('//images.example.com/s/a/k/x.jpg');
  });

  it('read back into their four decoded segments, whatever the scheme', () => {
    expect(fileUrlSegments('//h/assets/s1/a1/key/my%20file%3F.png')).toEqual(['s1', 'a1', 'key', 'my file?.png']);
    expect(fileUrlSegments('http://h:8080/assets/s1/a1/key/f.png')).toEqual(['s1', 'a1', 'key', 'f.png']);
    expect(fileUrlSegments('https://h/a/b')).toBeUndefined();
    expect(fileUrlSegments('//h/s/a/k/%E0%A4%A')).toBeUndefined();
  });

  it('mount at the configured path, or the default on this server', () => {
    expect(mountPath(undefined, '/assets')).toBe('/assets');
    expect(mountPath('https://assets.example.com', '/assets')).toBe('/');
    expect(mountPath('https://cdn.example.com/files/', '/assets')).toBe('/files');
  });
});

describe("this server's public URLs", () => {
  it("default to the server's own http address, the listening one once it listens", () => {
    const u = urls();
    expect(u.fileBases()).toEqual({ assets: 'http://localhost:8080/assets', images: 'http://localhost:8080/images' });
    u.listeningOn('127.0.0.1', 41234);
    expect(u.publicBase).toBe('http://127.0.0.1:41234');
    u.listeningOn('::', 41235);
    expect(u.publicBase).toBe('http://localhost:41235');
    expect(ownAddress('::1', 9)).toBe('http://[::1]:9');
  });

  it("follow TESSERA_PUBLIC_URL, and the hosts' own base URLs over it", () => {
    expect(urls({ publicBaseUrl: 'https://cms.example' }).fileBases()).toEqual({
      assets: 'https://cms.example/assets',
      images: 'https://cms.example/images',
    });
    expect(urls({ publicBaseUrl: 'https://cms.example', imagesBaseUrl: 'http://img.example' }).fileBases()).toEqual({
      assets: 'https://cms.example/assets',
      images: 'http://img.example',
    });
  });

  it('complete protocol-relative file URLs with the scheme of the base URL they belong to', () => {
    const plain = urls();
    expect(plain.complete('http://localhost:8080/assets/s/a/k/f.png')).toBe('http://localhost:8080/assets/s/a/k/f.png');
    expect(plain.complete('//localhost:8080/assets/s/a/k/f.png')).toBe('http://localhost:8080/assets/s/a/k/f.png');
    // Stored before the scheme was kept, under whatever name the client used: still this server's default paths.
    expect(plain.complete('//192.168.1.5:8080/images/s/a/k/f.png')).toBe('http://192.168.1.5:8080/images/s/a/k/f.png');
    // Another host's URL (an imported asset of the hosted service) is completed as the hosted service's tools do.
    expect(plain.complete('//images.ctfassets.net/s/a/k/f.png')).toBe('https://images.ctfassets.net/s/a/k/f.png');
    expect(plain.complete('//elsewhere.example/images/s/a/k/extra/f.png')).toBe(
      'https://elsewhere.example/images/s/a/k/extra/f.png',
    );

    const split = urls({ assetsBaseUrl: 'https://files.example', imagesBaseUrl: 'http://img.example:9000' });
    expect(split.complete('//files.example/s/a/k/f.pdf')).toBe('https://files.example/s/a/k/f.pdf');
    expect(split.complete('//img.example:9000/s/a/k/f.png')).toBe('http://img.example:9000/s/a/k/f.png');
    expect(urls({ publicBaseUrl: 'https://cms.example' }).complete('//old-name:8080/assets/s/a/k/f.png')).toBe(
      'https://old-name:8080/assets/s/a/k/f.png',
    );
  });
});
