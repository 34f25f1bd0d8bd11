import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '#lib/api-error.ts';
import { useFailure } from './use-failure.ts';

describe('a failed call of the simulator page is shown, never uncaught (issue 20.6)', () => {
  it('shows what failed with the server’s message; the next call and Dismiss clear it', async () => {
    const { result } = renderHook(() => useFailure());
    const refusal = new ApiError({ message: 'A session holds at most 200 pulse sequences', status: 409 });
    act(() => result.current.attempt('The sequence was not added', () => Promise.reject(refusal)));
    await waitFor(() =>
      expect(result.current.failure).toBe(
        'The sequence was not added: A session holds at most 200 pulse sequences',
      ),
    );
    act(() => result.current.attempt('The sequence was not moved', () => Promise.resolve()));
    expect(result.current.failure).toBeUndefined();
    act(() => result.current.attempt('The units were not saved', () => Promise.reject(new Error('offline'))));
    await waitFor(() => expect(result.current.failure).toBe('The units were not saved: offline'));
    act(() => result.current.dismiss());
    expect(result.current.failure).toBeUndefined();
  });
});
