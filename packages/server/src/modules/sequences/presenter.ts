/** Pulse sequences and collections as the API answers them. */
import {
  sequenceParametersSchema,
  spatialsSchema,
  type Collection,
  type PulseSequence,
  type ScanStatus,
  type ScanSummary,
} from '@larmor/contracts';
import type { CollectionRow } from '../sessions/repository.ts';
import { familyOf } from './protocol.ts';
import type { PulseSequenceRow, SequenceScanRow } from './repository.ts';

export function presentScanSummary(row: SequenceScanRow): ScanSummary {
  return {
    id: row.id,
    seriesNumber: row.series_number,
    status: row.status as ScanStatus,
    progress: row.progress,
    errorMessage: row.error_message,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export function presentPulseSequence(
  row: PulseSequenceRow,
  lastScan: SequenceScanRow | undefined,
): PulseSequence {
  const status: ScanStatus =
    lastScan === undefined || (row.changed_since_scan === 1 && lastScan.status !== 'running')
      ? 'runnable'
      : (lastScan.status as ScanStatus);
  return {
    id: row.id,
    sessionId: row.session_id,
    collectionId: row.collection_id,
    pulseSequenceSchemeId: row.scheme_id,
    name: row.name,
    seqnum: row.seqnum,
    family: familyOf(row.scheme_id),
    parameters: sequenceParametersSchema.parse(JSON.parse(row.parameters)),
    spatials: spatialsSchema.parse(JSON.parse(row.spatials)),
    status,
    lastScan: lastScan ? presentScanSummary(lastScan) : null,
    updatedAt: row.updated_at,
  };
}

export function presentCollection(row: CollectionRow): Collection {
  return { id: row.id, name: row.name, position: row.position, createdAt: row.created_at };
}
