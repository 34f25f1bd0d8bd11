import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ActiveSession, PulseSequence } from '@larmor/contracts/sessions';
import { SequenceList, type SequenceActions } from './SequenceList.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const sequence = (seqnum: number, name: string): PulseSequence =>
  ({
    id: `seq-${seqnum}`,
    collectionId: 'c1',
    seqnum,
    name,
    status: 'running',
    lastScan: null,
  }) as unknown as PulseSequence;

const active = {
  session: { id: 's1' },
  collections: [{ id: 'c1', name: 'Scan 1', position: 1 }],
  pulseSequences: [sequence(1, 'T1-weighted spin echo'), sequence(2, 'FLAIR')],
} as unknown as ActiveSession;

const actions: SequenceActions = {
  onSelect: vi.fn(),
  onMove: vi.fn(),
  onRename: vi.fn(),
  onDuplicate: vi.fn(),
  onDelete: vi.fn(),
  onCopyGeometry: vi.fn(),
  onShowSeries: vi.fn(),
};

function renderList(prepared: boolean) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 404 }));
  renderWithProviders(
    <SequenceList
      active={active}
      selectedId="seq-1"
      shownScanId={undefined}
      shownSeries=""
      schemes={[{ id: 20, name: 'T1-weighted spin echo' }]}
      adding={false}
      onAdd={vi.fn()}
      actions={actions}
      prepared={prepared}
    />,
  );
}

describe('the scan list of a reading-only module (model 100001: no New Scan)', () => {
  it('lists its prepared series to read, with no menu to change one and no sequence to add', () => {
    renderList(true);
    expect(screen.getByRole('heading', { name: 'Prepared series' })).toBeTruthy();
    expect(screen.getByText('2. FLAIR')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actions for FLAIR' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Add a sequence' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('another module’s list keeps its menus and the sequence to add', () => {
    renderList(false);
    expect(screen.getByRole('heading', { name: 'Scan list' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for FLAIR' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });
});
