/**
 * The scan list's commands on the session's pulse sequences (add, duplicate, rename, delete, copy geometry),
 * each a call then a refresh of the active-session query (session state lives there), and which sequence is
 * selected after it.
 */
import { useState } from 'react';
import { sequenceTypeOf } from '@larmor/contracts/sequence-types';
import {
  PULSE_SEQUENCE_NAME_MAX_LENGTH,
  type ActiveSession,
  type PulseSequence,
} from '@larmor/contracts/sessions';
import { createCollection } from '#entities/pulse-sequence/api/create-collection.ts';
import { createPulseSequence } from '#entities/pulse-sequence/api/create-pulse-sequence.ts';
import { deletePulseSequence } from '#entities/pulse-sequence/api/delete-pulse-sequence.ts';
import { updatePulseSequence } from '#entities/pulse-sequence/api/update-pulse-sequence.ts';
import { copiedGeometry, copyName, selectionAfterDelete } from '../state/scan-list.ts';

export function useSequenceCommands(
  active: ActiveSession,
  refresh: () => Promise<unknown>,
  select: (id: string | undefined) => void,
) {
  const sessionId = active.session.id;
  const [adding, setAdding] = useState(false);

  const add = async (schemeId: number) => {
    setAdding(true);
    try {
      const collection = active.collections.at(-1) ?? (await createCollection(sessionId));
      const name = sequenceTypeOf(schemeId)?.name ?? `Sequence ${schemeId}`;
      const created = await createPulseSequence(sessionId, {
        pulseSequenceSchemeId: schemeId,
        name,
        collectionId: collection.id,
      });
      await refresh();
      select(created.id);
    } finally {
      setAdding(false);
    }
  };

  const duplicate = async (sequence: PulseSequence) => {
    const copy = await createPulseSequence(sessionId, {
      pulseSequenceSchemeId: sequence.pulseSequenceSchemeId,
      name: copyName(sequence.name, PULSE_SEQUENCE_NAME_MAX_LENGTH),
      collectionId: sequence.collectionId,
    });
    await updatePulseSequence(sessionId, copy.id, {
      parameters: sequence.parameters,
      spatials: sequence.spatials,
    });
    await refresh();
    select(copy.id);
  };

  const rename = async (sequence: PulseSequence, name: string) => {
    await updatePulseSequence(sessionId, sequence.id, { name });
    await refresh();
  };

  /** Deletes `sequence`; a refusal (409 while it runs) rejects, for the confirmation dialog to show. */
  const remove = async (sequence: PulseSequence, selectedId: string | undefined) => {
    const remaining = await deletePulseSequence(sessionId, sequence.id);
    select(selectionAfterDelete(remaining, sequence, selectedId));
    await refresh();
  };

  /** Copies `source`'s geometry onto `target`; a refusal (a limit of the target broken) rejects. */
  const copyGeometry = async (target: PulseSequence, source: PulseSequence) => {
    await updatePulseSequence(sessionId, target.id, copiedGeometry(source));
    await refresh();
  };

  return { adding, add, duplicate, rename, remove, copyGeometry };
}
