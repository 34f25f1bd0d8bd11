/**
 * A mutation whose success makes the listed queries stale, so the screens that show them read them again.
 * The keys are invalidated one after another, in the order given, and the mutation settles after the last.
 */
import { useMutation, useQueryClient, type MutationFunction, type QueryKey } from '@tanstack/react-query';

/** `settled`: invalidate whether the call succeeded or failed (an optimistic reorder is read back either way). */
export type InvalidateWhen = 'success' | 'settled';

export function useInvalidatingMutation<Result, Variables>(
  mutationFn: MutationFunction<Result, Variables>,
  queryKeys: readonly QueryKey[],
  when: InvalidateWhen = 'success',
) {
  const client = useQueryClient();
  const invalidate = async (): Promise<void> => {
    for (const queryKey of queryKeys) await client.invalidateQueries({ queryKey });
  };
  return useMutation(
    when === 'success' ? { mutationFn, onSuccess: invalidate } : { mutationFn, onSettled: invalidate },
  );
}
