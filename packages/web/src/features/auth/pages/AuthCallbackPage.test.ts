import { describe, expect, it } from 'vitest';
import { callbackTokens } from './AuthCallbackPage.tsx';

describe('callbackTokens', () => {
  it('reads the token pair from the query or, failing that, the fragment', () => {
    expect(callbackTokens('?accessToken=a&refreshToken=r', '')).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(callbackTokens('', '#accessToken=a2&refreshToken=r2')).toEqual({
      accessToken: 'a2',
      refreshToken: 'r2',
    });
  });

  it('answers undefined when either token is missing', () => {
    expect(callbackTokens('?accessToken=a', '#refreshToken=r')).toBeUndefined();
    expect(callbackTokens('', '')).toBeUndefined();
  });
});
