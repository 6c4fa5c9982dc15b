import { describe, expect, it } from 'vitest';
import { isBlockedAddress, urlProblem } from './url-policy.ts';

describe('webhook URL policy', () => {
  it('refuses loopback, private, link-local, unique-local, unspecified and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:a00:1::1',
      'ff02::1',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '192.169.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });

  it('checks the literal host, scheme, port and length of a saved URL', () => {
    const refused = [
      'ftp://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'example.com/hook',
      'not a url',
      'http://127.0.0.1:8080/',
      'http://localhost/',
      'https://api.localhost/',
      'http://[::1]/',
      'http://10.0.0.7/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:127.0.0.1]/',
      'https://example.com:22/',
      `https://example.com/${'a'.repeat(2048)}`,
    ];
    for (const url of refused) expect(urlProblem(url, false), url).toBeTypeOf('string');
    const allowed = [
      'https://example.com/',
      'http://example.com:8080/hook?x=1',
      'https://8.8.8.8/',
      'https://example.com:443/',
      'https://example.com/{ /payload/sys/id }',
      'https://{ /payload/fields/host/en-US }/x',
      `https://example.com/${'a'.repeat(2000)}`,
    ];
    for (const url of allowed) expect(urlProblem(url, false), url).toBeUndefined();
  });

  it('allows private hosts and any port when the operator allows private targets, never another scheme', () => {
    expect(urlProblem('http://127.0.0.1:22/', true)).toBeUndefined();
    expect(urlProblem('http://localhost:3000/', true)).toBeUndefined();
    expect(urlProblem('ftp://127.0.0.1/', true)).toBeTypeOf('string');
    expect(urlProblem(`http://127.0.0.1/${'a'.repeat(2048)}`, true)).toBeTypeOf('string');
  });
});
