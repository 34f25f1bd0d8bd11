import { describe, expect, it } from 'vitest';
import { assertHealthy } from './get-health.ts';

describe('assertHealthy', () => {
  it('treats a health answer with an error field as a failure', () => {
    expect(() => assertHealthy({ status: 'ok', database: 'sqlite', error: 'database locked' })).toThrow(
      'database locked',
    );
    expect(() => assertHealthy({ status: 'error', database: 'postgres' })).toThrow();
  });

  it('passes a healthy answer through', () => {
    expect(assertHealthy({ status: 'ok', database: 'sqlite' })).toEqual({ status: 'ok', database: 'sqlite' });
  });
});
