import { describe, expect, it } from 'vitest';
import { md5Hex, utf8Bytes } from './md5.ts';

describe('md5Hex', () => {
  it('matches the RFC 1321 appendix A.5 test suite', () => {
    const suite: [string, string][] = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['a', '0cc175b9c0f1b6a831c399e269772661'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
      ['1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
    ];
    for (const [input, digest] of suite) expect(md5Hex(utf8Bytes(input))).toBe(digest);
  });

  it('hashes inputs that straddle the 56-byte padding boundary', () => {
    // Reference digests from GNU coreutils md5sum.
    expect(md5Hex(utf8Bytes('x'.repeat(55)))).toBe('04364420e25c512fd958a70738aa8f72');
    expect(md5Hex(utf8Bytes('x'.repeat(56)))).toBe('668a72d5ba17f08e62dabcafad6db14b');
    expect(md5Hex(utf8Bytes('x'.repeat(64)))).toBe('c1bb4f81d892b2d57947682aeb252456');
  });
});

describe('utf8Bytes', () => {
  it('encodes one- to four-byte code points as UTF-8', () => {
    expect([...utf8Bytes('aµ€𝄞')]).toEqual([0x61, 0xc2, 0xb5, 0xe2, 0x82, 0xac, 0xf0, 0x9d, 0x84, 0x9e]);
  });
});
