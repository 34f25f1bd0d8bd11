import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useInvalidatingMutation, type InvalidateWhen } from './mutation.ts';

/** The hook over a fresh client; the keys it was asked to invalidate, in order. */
function mount(fn: (n: number) => Promise<number>, when?: InvalidateWhen) {
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useInvalidatingMutation(fn, [['a'], ['b', 1]], when), { wrapper });
  return { result, invalidated };
}

describe('useInvalidatingMutation', () => {
  it('after a success invalidates each key in the order given, before the mutation resolves', async () => {
    const { result, invalidated } = mount(async (n) => n * 2);
    let answer = 0;
    await act(async () => {
      answer = await result.current.mutateAsync(21);
    });
    expect(answer).toBe(42);
    expect(invalidated).toEqual([['a'], ['b', 1]]);
  });

  it('after a failure invalidates nothing by default, and everything with "settled"', async () => {
    const fail = async (): Promise<number> => Promise.reject(new Error('refused'));
    const onSuccess = mount(fail);
    await act(async () => {
      await expect(onSuccess.result.current.mutateAsync(1)).rejects.toThrow('refused');
    });
    expect(onSuccess.invalidated).toEqual([]);
    const onSettled = mount(fail, 'settled');
    await act(async () => {
      await expect(onSettled.result.current.mutateAsync(1)).rejects.toThrow('refused');
    });
    expect(onSettled.invalidated).toEqual([['a'], ['b', 1]]);
  });
});
