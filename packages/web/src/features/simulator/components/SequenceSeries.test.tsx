import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ScanSummary } from '@larmor/contracts/sessions';
import { SequenceSeriesList, withLastScan } from './SequenceSeries.tsx';

function scan(seriesNumber: number, status: ScanSummary['status']): ScanSummary {
  return {
    id: `scan-${seriesNumber}`,
    seriesNumber,
    status,
    progress: status === 'running' ? 40 : 100,
    errorMessage: null,
    createdAt: '2026-11-28T06:00:00.000Z',
    finishedAt: status === 'finished' ? '2026-11-28T06:01:00.000Z' : null,
  };
}

function renderList(scans: ScanSummary[], shownScanId: string | undefined, onShow = vi.fn()) {
  render(
    <MantineProvider env="test">
      <SequenceSeriesList
        sequence={{ name: 'Spin Echo (SE)' }}
        scans={scans}
        shownScanId={shownScanId}
        onShow={onShow}
      />
    </MantineProvider>,
  );
  return onShow;
}

describe('the scan list’s series of a sequence (issue 20.5)', () => {
  it('lists every run as a series of its own, "Se N · name" as the submit form names it, each with its status', () => {
    renderList([scan(1, 'finished'), scan(3, 'finished'), scan(4, 'running')], 'scan-3');
    const list = screen.getByRole('list', { name: 'Series of Spin Echo (SE)' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Se 1 · Spin Echo (SE)Finished',
      'Se 3 · Spin Echo (SE)Finished',
      'Se 4 · Spin Echo (SE)Running 40 %',
    ]);
    // The one shown in the scan viewport is marked; a running one cannot be shown yet.
    expect(screen.getByRole('button', { name: 'Se 3 · Spin Echo (SE)' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(
      screen.getByRole('button', { name: 'Se 1 · Spin Echo (SE)' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Se 4 · Spin Echo (SE)' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a picked earlier series', async () => {
    const onShow = renderList([scan(1, 'finished'), scan(2, 'finished')], 'scan-2');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Se 1 · Spin Echo (SE)' }));
    expect(onShow).toHaveBeenCalledWith('scan-1');
  });

  it('lists nothing before the sequence’s first run', () => {
    renderList([], undefined);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the last scan as the session’s events keep it: its progress, and a new run before the list is fetched again', () => {
    const listed = [scan(1, 'finished'), { ...scan(2, 'running'), progress: 10 }];
    const running = { ...scan(2, 'running'), progress: 70 };
    expect(withLastScan(listed, running).map((s) => s.progress)).toEqual([100, 70]);
    expect(withLastScan(listed, scan(3, 'running')).map((s) => s.seriesNumber)).toEqual([1, 2, 3]);
    expect(withLastScan([], null)).toEqual([]);
  });
});
