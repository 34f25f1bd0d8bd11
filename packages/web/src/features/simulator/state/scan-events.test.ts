import { describe, expect, it } from 'vitest';
import type { ActiveSession, PulseSequence, ScanEvent } from '@larmor/contracts/sessions';
import { applyScanEvent, isScanRunning } from './scan-events.ts';

const NOW = '2026-11-23T12:00:00.000Z';

function sequence(id: string): PulseSequence {
  return {
    id,
    sessionId: 's',
    collectionId: 'c',
    pulseSequenceSchemeId: 22,
    name: id,
    seqnum: 1,
    family: 'TSE',
    parameters: {} as PulseSequence['parameters'],
    spatials: { orientation: 'axial', center: [0, 0, 0] },
    status: 'runnable',
    lastScan: null,
    updatedAt: NOW,
  };
}

/** Scan x of sequence b (series 3) running at 40 %, with `change` over it. */
function scanEvent(change: Partial<ScanEvent>): ScanEvent {
  return {
    scanId: 'x',
    pulseSequenceId: 'b',
    seriesNumber: 3,
    status: 'running',
    progress: 40,
    errorMessage: null,
    ...change,
  };
}

const active = { pulseSequences: [sequence('a'), sequence('b')] } as unknown as ActiveSession;

describe('scan events', () => {
  it('a running event sets the status and progress of that sequence only', () => {
    const next = applyScanEvent(active, scanEvent({ status: 'running', progress: 40 }), NOW);
    expect(next.pulseSequences[0]).toBe(active.pulseSequences[0]);
    expect(next.pulseSequences[1]).toMatchObject({
      status: 'running',
      lastScan: { id: 'x', progress: 40, seriesNumber: 3 },
    });
    expect(isScanRunning(next)).toBe(true);
    const finished = applyScanEvent(next, scanEvent({ status: 'finished', progress: 100 }), NOW);
    expect(finished.pulseSequences[1]?.lastScan).toMatchObject({ status: 'finished', finishedAt: NOW });
    expect(isScanRunning(finished)).toBe(false);
  });

  it('an event of another session’s sequence changes nothing', () => {
    const next = applyScanEvent(active, scanEvent({ pulseSequenceId: 'zz', progress: 1 }), NOW);
    expect(next).toBe(active);
  });
});
