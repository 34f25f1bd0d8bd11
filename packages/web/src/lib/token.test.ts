import { describe, expect, it } from 'vitest';
import { decodeToken, isExpired, secondsLeft, tokenScope } from './token.ts';

function jwt(payload: object): string {
  const b64 = (s: string): string => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64('{"alg":"HS256"}')}.${b64(JSON.stringify(payload))}.signature`;
}

describe('decodeToken', () => {
  it('reads uid, scope and exp from the payload of a well-formed token', () => {
    expect(decodeToken(jwt({ uid: 7, scope: 'Admin Teacher', exp: 1_800_000_000 }))).toMatchObject({
      uid: 7,
      scope: 'Admin Teacher',
      exp: 1_800_000_000,
    });
  });

  it('decodes base64url payloads holding non-ASCII text', () => {
    const payload = { name: 'Zoë ü?>' };
    const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeToken(`x.${b64}.y`)).toEqual(payload);
  });

  it.each([
    [undefined],
    [null],
    [42],
    [''],
    ['abc'],
    ['a.b'],
    ['a.!!!.c'],
    [`a.${btoa('not json')}.c`],
    [`a.${btoa('[1]')}.c`],
  ])("raises 'Invalid token specified' for %j", (token) => {
    expect(() => decodeToken(token)).toThrow('Invalid token specified');
  });
});

describe('token expiry', () => {
  it('flags a token whose exp lies in the past as expired, and reports seconds left', () => {
    const nowMs = 1_000_000_000_000;
    expect(isExpired({ exp: nowMs / 1000 - 1 }, nowMs)).toBe(true);
    expect(isExpired({ exp: nowMs / 1000 + 60 }, nowMs)).toBe(false);
    expect(secondsLeft({ exp: nowMs / 1000 + 60 }, nowMs)).toBe(60);
    expect(isExpired({}, nowMs)).toBe(false);
  });
});

describe('tokenScope', () => {
  it('reads a string scope claim and ignores a missing or non-string one', () => {
    expect(tokenScope({ scope: 'Admin Teacher' })).toBe('Admin Teacher');
    expect(tokenScope({ scope: 42 as unknown as string })).toBeUndefined();
    expect(tokenScope({})).toBeUndefined();
    expect(tokenScope(null)).toBeUndefined();
  });
});
