import { describe, expect, it } from 'vitest';
import { ApiError } from '#lib/api-error.ts';
import { refusalOf } from './refusal.ts';

const shown = new Set(['sliceCount', 'fovRead', 'matrixRead', 'echoTime']);

describe('a refused save in the panel (issue 20.6: the server message at its field, nothing uncaught)', () => {
  it("puts the server's message at each parameter its validation map names, and skips the limit entries", () => {
    const message = 'TE must be at least 4.2 ms for this bandwidth and gradient (45 mT/m)';
    const error = new ApiError({
      message,
      status: 400,
      validation: { 'parameters.echoTime': 'min', 'parameters.echoTime.min': '0.0042' },
    });
    expect(refusalOf(error, shown)).toEqual({ fields: { echoTime: message }, notice: undefined });
  });

  it('names every free-plan field the server refused', () => {
    const message =
      'At most 10 slices are allowed on the free plan; Matrix must be at most 256 on the free plan';
    const error = new ApiError({
      message,
      status: 400,
      validation: { 'parameters.sliceCount': 'free-plan', 'parameters.matrixRead': 'free-plan' },
    });
    expect(refusalOf(error, shown).fields).toEqual({ sliceCount: message, matrixRead: message });
  });

  it('what names no field of the panel (SAR, a lock, a failed request) becomes the notice', () => {
    const sar = new ApiError({
      message: 'SAR 4.1 W/kg exceeds the 3.2 W/kg limit',
      status: 400,
      validation: { 'parameters.sar': 'sar-limit' },
    });
    expect(refusalOf(sar, shown)).toEqual({
      fields: {},
      notice: 'Not saved: SAR 4.1 W/kg exceeds the 3.2 W/kg limit',
    });
    const locked = new ApiError({ message: 'This pulse sequence is running: cancel it first', status: 409 });
    expect(refusalOf(locked, shown)).toEqual({
      fields: {},
      notice: 'Not saved: This pulse sequence is running: cancel it first',
    });
    expect(refusalOf(new TypeError('Failed to fetch'), shown).notice).toBe('Not saved: Failed to fetch');
  });
});
