/**
 * The session's viewer preferences for a page that shows its images (the image viewer in its own tab, the
 * simulator's viewports): read from the active session, and the text-on-viewers option saved back to it, so the
 * simulator's Display Options and the image viewer's switch are one setting.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession } from '@larmor/contracts/sessions';
import { withConfigurationValue } from './configuration.ts';
import { displayOptionChange, viewerPreferencesOf, type ViewerPreferences } from './display-options.ts';
import { sessionQueryKey, useActiveSession } from './api/get-session.ts';
import { setConfiguration } from './api/set-configuration.ts';

export interface ViewerPreferencesState extends ViewerPreferences {
  setTextOnViewers: (on: boolean) => void;
  /** Why the last change was not saved, in words. */
  error: string | undefined;
}

export function useViewerPreferences(sessionId: string): ViewerPreferencesState {
  const queryClient = useQueryClient();
  const active = useActiveSession(sessionId, sessionId !== '');
  const change = useMutation({
    mutationFn: async (on: boolean) => {
      const [name, value] = displayOptionChange('textOnViewers', on);
      await setConfiguration(sessionId, name, value);
      return { name, value };
    },
    onSuccess: ({ name, value }) =>
      queryClient.setQueryData<ActiveSession>(sessionQueryKey(sessionId), (old) =>
        old ? withConfigurationValue(old, name, value) : old,
      ),
  });
  const preferences = viewerPreferencesOf(active.data?.configuration ?? []);
  return {
    ...preferences,
    // Shown as asked while the call runs; the session's value again if it fails.
    textOnViewers: change.isPending ? change.variables : preferences.textOnViewers,
    setTextOnViewers: (on) => change.mutate(on),
    error: change.error ? `The option could not be saved: ${change.error.message}` : undefined,
  };
}
