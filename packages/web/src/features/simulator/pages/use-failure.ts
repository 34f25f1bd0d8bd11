/**
 * Calls of the simulator page that no dialog answers for (add, move, rename, new scan, settings, close): a
 * failure becomes the message shown above the scan list, never an uncaught rejection (issue 20.6).
 */
import { useCallback, useState } from 'react';
import { messageOf } from '../state/refusal.ts';

export function useFailure() {
  const [failure, setFailure] = useState<string | undefined>(undefined);
  /** Runs `call`; if it fails, shows "{what}: {its message}". */
  const attempt = useCallback((what: string, call: () => Promise<unknown>) => {
    setFailure(undefined);
    call().catch((error: unknown) => setFailure(`${what}: ${messageOf(error)}`));
  }, []);
  return { failure, attempt, dismiss: useCallback(() => setFailure(undefined), []) };
}
