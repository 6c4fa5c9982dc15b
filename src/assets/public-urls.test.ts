import { describe, expect, it } from 'vitest';
import { fileUrl, fileUrlSegments, mountPath } from './public-urls.ts';

describe('public file URLs', () => {
  it('are protocol-relative, with the file name encoded', () => {
    const url = fileUrl('http://localhost:8080/assets', 's1', 'a1', 'f'.repeat(32), 'my file?.png');
    expect(url).toBe(`//localhost:8080/assets/s1/a1/${'f'.repeat(32)}/my%20file%3F.png`);
    expect(fileUrl('https://images.example.com/', 's', 'a', 'k', 'x.jpg')).toBe('//images.example.com/s/a/k/x.jpg');
  });

  it('read back into their four decoded segments', () => {
    expect(fileUrlSegments('//h/assets/s1/a1/key/my%20file%3F.png')).toEqual(['s1', 'a1', 'key', 'my file?.png']);
    expect(fileUrlSegments('https://h/a/b')).toBeUndefined();
    expect(fileUrlSegments('//h/s/a/k/%E0%A4%A')).toBeUndefined();
  });

  it('mount at the configured path, or the default on this server', () => {
    expect(mountPath(undefined, '/assets')).toBe('/assets');
    expect(mountPath('https://assets.example.com', '/assets')).toBe('/');
    expect(mountPath('https://cdn.example.com/files/', '/assets')).toBe('/files');
  });
});
