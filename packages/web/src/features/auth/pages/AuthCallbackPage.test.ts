import { describe, expect, it } from 'vitest';
import { callbackDestination, callbackError, callbackTokens } from './AuthCallbackPage.tsx';

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

describe('callbackDestination (an LTI launch names its module, issue 27.2)', () => {
  it('answers an in-app path from the fragment', () => {
    expect(callbackDestination('#accessToken=a&refreshToken=r&to=%2Fcourses%2Fc%2Fmodules%2Fm')).toBe(
      '/courses/c/modules/m',
    );
    expect(callbackDestination('#accessToken=a&refreshToken=r')).toBeUndefined();
  });

  it('never sends the user off the app (no open redirect)', () => {
    for (const to of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'x',
    ]) {
      expect(callbackDestination(`#to=${encodeURIComponent(to)}`), to).toBeUndefined();
    }
  });
});

describe('callbackError (a refused single sign-on, issue 27.6)', () => {
  it('answers the reason the fragment gives, and nothing for a fragment without one', () => {
    const reason =
      'Single sign-on failed: the sign-in request is unknown, already used or expired. Please sign in again.';
    expect(callbackError(`#${new URLSearchParams({ error: reason }).toString()}`)).toBe(reason);
    expect(callbackError('#accessToken=a&refreshToken=r')).toBeUndefined();
    expect(callbackError('#error=')).toBeUndefined();
  });
});
