/**
 * The scan list's order (pure): sequences by seqnum, grouped under their collection; a drop of one sequence on
 * another asks the server to move it to the other's position (seqnum), which the list then shows.
 */
import type { ActiveSession, PulseSequence, PulseSequencePatch } from '@larmor/contracts/sessions';
import type { Protocol } from '@larmor/mri';
import { protocolOf } from './session-view.ts';

export interface CollectionGroup {
  id: string;
  name: string;
  sequences: PulseSequence[];
}

/** Collections in their order, each with its sequences by seqnum; empty collections are kept (a new "Scan N"). */
export function groupedSequences(
  active: Pick<ActiveSession, 'collections' | 'pulseSequences'>,
): CollectionGroup[] {
  const ordered = [...active.pulseSequences].sort((a, b) => a.seqnum - b.seqnum);
  return [...active.collections]
    .sort((a, b) => a.position - b.position)
    .map((c) => ({ id: c.id, name: c.name, sequences: ordered.filter((s) => s.collectionId === c.id) }));
}

/** The position to send when `activeId` is dropped on `overId`, or undefined when nothing moves. */
export function dropPosition(sequences: readonly PulseSequence[], activeId: string, overId: string) {
  if (activeId === overId) return undefined;
  return sequences.find((s) => s.id === overId)?.seqnum;
}

/** The name of a copy: "T2-weighted TSE (copy)", shortened to the name limit. */
export function copyName(name: string, maxLength: number): string {
  const suffix = ' (copy)';
  return `${name.slice(0, Math.max(0, maxLength - suffix.length))}${suffix}`;
}

/**
 * The sequence selected after `deleted` is removed: the selection stays when it was another one; otherwise the
 * one that took the deleted one's place (same seqnum), else the new last one, else none.
 */
export function selectionAfterDelete(
  remaining: readonly PulseSequence[],
  deleted: Pick<PulseSequence, 'id' | 'seqnum'>,
  selectedId: string | undefined,
): string | undefined {
  if (selectedId !== undefined && selectedId !== deleted.id && remaining.some((s) => s.id === selectedId)) {
    return selectedId;
  }
  const ordered = [...remaining].sort((a, b) => a.seqnum - b.seqnum);
  return (ordered.find((s) => s.seqnum >= deleted.seqnum) ?? ordered.at(-1))?.id;
}

/** The session's other sequences' stacks (name and protocol), for drawing where they cross the localisers. */
export function otherStacks(
  sequences: readonly PulseSequence[],
  selectedId: string,
): { name: string; protocol: Protocol }[] {
  return sequences.flatMap((s) => {
    const protocol = s.id === selectedId ? undefined : protocolOf(s);
    return protocol ? [{ name: s.name, protocol }] : [];
  });
}

/**
 * What "Copy geometry" sends to the target (PATCH): the source's slice position and orientation (spatials), its
 * field of view, slices (count, thickness, gap) and phase-encoding direction; contrast parameters stay.
 */
export function copiedGeometry(source: PulseSequence): PulseSequencePatch {
  const p = source.parameters;
  return {
    spatials: source.spatials,
    parameters: {
      fovRead: p.fovRead,
      fovPhase: p.fovPhase,
      sliceThickness: p.sliceThickness,
      sliceGap: p.sliceGap,
      sliceCount: p.sliceCount,
      phaseDirection: p.phaseDirection,
    },
  };
}
