import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@larmor/contracts/errors';
import { initialWrapperState, routeSessionId, wrapperReducer } from './wrapper-state.ts';
import { moduleReturnPath } from './return-path.ts';

describe('session wrapper state', () => {
  it('the route session id is −1 when missing or not a session id (simulator.md §2)', () => {
    const id = '3a6b6592-a78d-4906-bcd1-a76c3c0050d6';
    expect(routeSessionId(id)).toBe(id);
    expect(routeSessionId('42')).toBe('-1');
    expect(routeSessionId(undefined)).toBe('-1');
    expect(routeSessionId('-1')).toBe('-1');
    expect(routeSessionId('abc')).toBe('-1');
  });

  it('loads, then is ready; a closed session shows Session expired, which Dismiss hides', () => {
    const start = initialWrapperState<string>();
    expect(start.load).toBe('loading');
    const ready = wrapperReducer(start, { type: 'loaded', session: 's', closed: false });
    expect(ready).toMatchObject({ load: 'ready', session: 's', expired: false });
    const closed = wrapperReducer(start, { type: 'loaded', session: 's', closed: true });
    expect(closed.expired).toBe(true);
    expect(wrapperReducer(closed, { type: 'dismissExpired' }).expired).toBe(false);
  });

  it('the instance-not-running error (700701) shows Session expired instead of an error message', () => {
    const start = initialWrapperState<string>();
    const expired = wrapperReducer(start, {
      type: 'failed',
      message: 'gone',
      code: ERROR_CODES.INSTANCE_NOT_RUNNING,
    });
    expect(expired).toMatchObject({ expired: true, error: undefined });
    const other = wrapperReducer(start, { type: 'failed', message: 'Not found', code: 404 });
    expect(other).toMatchObject({ load: 'failed', expired: false, error: 'Not found' });
  });

  it('WebGL support is recorded once checked', () => {
    const state = wrapperReducer(initialWrapperState<string>(), { type: 'webGl', supported: false });
    expect(state.webGl).toBe('unsupported');
  });

  it('closing goes to the module page, or /dashboard without a program (simulator.md §2)', () => {
    expect(moduleReturnPath({ programId: 'p', courseId: 'c', labId: 'l' })).toBe('/browse/p/c/modules/l');
    expect(moduleReturnPath({ courseId: 'c', labId: 'l' })).toBe('/dashboard');
  });
});
