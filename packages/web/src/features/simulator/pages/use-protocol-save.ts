/**
 * Saving the on-screen protocol of the selected sequence (PATCH v1/sessions/{id}/pulse-sequences/{id}), one save
 * at a time in the order asked, so that Run can wait for the protocol on screen to be stored before it runs
 * (issue 20.6: a run scans exactly what the panel shows). A save never rejects: a refusal or failure is
 * dispatched to the editor (the server's message at its fields, or the notice beside Run) and answers false.
 */
import { useCallback, useRef } from 'react';
import type { Protocol } from '@larmor/mri';
import { updatePulseSequence } from '#entities/pulse-sequence/api/update-pulse-sequence.ts';
import type { ProtocolEditorAction } from '../state/protocol-editor.ts';
import { refusalOf } from '../state/refusal.ts';

export function useProtocolSave(options: {
  sessionId: string;
  sequenceId: string;
  /** The protocol the server holds when the editor opens. */
  initial: Protocol;
  dispatch: (action: ProtocolEditorAction) => void;
  /** The parameter keys the panel shows for `protocol` (a refusal of one is shown at its field). */
  shownKeys: (protocol: Protocol) => ReadonlySet<string>;
  onSaved: () => unknown;
}): (protocol: Protocol) => Promise<boolean> {
  const { sessionId, sequenceId, dispatch, shownKeys, onSaved } = options;
  // The protocol the server last stored from this editor, and the end of the queue of saves.
  const stored = useRef<Protocol>(options.initial);
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));
  return useCallback(
    (protocol: Protocol) => {
      const save = async (): Promise<boolean> => {
        if (protocol === stored.current) return true;
        const { family: _family, geometry, ...parameters } = protocol;
        try {
          await updatePulseSequence(sessionId, sequenceId, { parameters, spatials: geometry });
        } catch (error) {
          dispatch({ type: 'refused', protocol, refusal: refusalOf(error, shownKeys(protocol)) });
          return false;
        }
        stored.current = protocol;
        dispatch({ type: 'saved', protocol });
        await onSaved();
        return true;
      };
      const next = queue.current.then(save, save);
      queue.current = next;
      return next;
    },
    [sessionId, sequenceId, dispatch, shownKeys, onSaved],
  );
}
