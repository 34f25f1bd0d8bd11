import os from 'node:os';
import path from 'node:path';
import { ENV, SESSION_MAX_AGE_S } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.ts';

const base = {
  [ENV.DATA_DIR]: path.join(os.tmpdir(), 'larmor-config-test'),
  [ENV.JWT_SECRET]: 'a-test-secret-that-is-long-enough-0123456789',
};

describe('TRUST_PROXY', () => {
  it('is off unless set; true, a hop count or proxy addresses turn it on', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, [ENV.TRUST_PROXY]: '1' }).trustProxy).toBe(1);
  });

  it('refuses anything else, naming the setting', () => {
    for (const raw of ['yes', 'proxy.example.com', '10.0.0.1;rm']) {
      expect(() => parseTrustProxy(raw), raw).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('SESSION_MAX_AGE', () => {
  it('defaults to 30 days and takes a number of seconds of at least 1', () => {
    expect(loadConfig(base).sessionMaxAgeS).toBe(SESSION_MAX_AGE_S);
    expect(SESSION_MAX_AGE_S).toBe(30 * 24 * 3600);
    expect(loadConfig({ ...base, [ENV.SESSION_MAX_AGE]: '3600' }).sessionMaxAgeS).toBe(3600);
    for (const raw of ['0', '-5', 'soon']) {
      expect(() => loadConfig({ ...base, [ENV.SESSION_MAX_AGE]: raw }), raw).toThrow(/SESSION_MAX_AGE/);
    }
  });
});

describe('LARMOR_ENV', () => {
  it('defaults to production under NODE_ENV=production, else development; takes the five environments', () => {
    expect(loadConfig(base).environment).toBe('development');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).environment).toBe('production');
    expect(loadConfig({ ...base, [ENV.LARMOR_ENV]: 'staging' }).environment).toBe('staging');
    expect(loadConfig({ ...base, NODE_ENV: 'production', [ENV.LARMOR_ENV]: 'testing' }).environment).toBe(
      'testing',
    );
    expect(() => loadConfig({ ...base, [ENV.LARMOR_ENV]: 'prod' })).toThrow(/LARMOR_ENV/);
  });
});
