import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { DiffusionSeries, ScanSummary } from '@larmor/contracts/sessions';
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

function renderList(
  scans: ScanSummary[],
  shownScanId: string | undefined,
  onShow = vi.fn(),
  dwi?: { shownSeries: string; diffusionOf: (scanId: string) => DiffusionSeries[] | undefined },
) {
  render(
    <MantineProvider env="test">
      <SequenceSeriesList
        sequence={{ name: dwi ? 'DWI' : 'Spin Echo (SE)' }}
        scans={scans}
        shownScanId={shownScanId}
        shownSeries={dwi?.shownSeries ?? ''}
        onShow={onShow}
        {...(dwi ? { diffusionOf: dwi.diffusionOf } : {})}
      />
    </MantineProvider>,
  );
  return onShow;
}

/** The series of DWI scan Se N: b = 0 (the scan itself), the b = 1000 trace (N01) and the ADC map (N02). */
const dwiSeries = (n: number): DiffusionSeries[] => [
  { name: '', description: 'DWI b=0 s/mm² (the scan itself)', bValue: 0, seriesNumber: n, url: '/a' },
  {
    name: 'b1000',
    description: 'DWI TRACEW b=1000 s/mm² (trace of 3 directions)',
    bValue: 1000,
    seriesNumber: 100 * n + 1,
    url: '/a?series=b1000',
  },
  {
    name: 'adc',
    description: 'DWI ADC (10⁻⁶ mm²/s)',
    bValue: null,
    seriesNumber: 100 * n + 2,
    url: '/a?series=adc',
  },
];

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
    expect(onShow).toHaveBeenCalledWith('scan-1', '');
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

  it('lists a finished DWI scan’s trace and ADC map as series of their own under it, each shown by a click or Enter (issue 23.7)', async () => {
    const user = userEvent.setup();
    const onShow = renderList([scan(3, 'finished'), scan(4, 'running')], 'scan-3', vi.fn(), {
      shownSeries: 'adc',
      diffusionOf: (scanId) => (scanId === 'scan-3' ? dwiSeries(3) : undefined),
    });
    const list = screen.getByRole('list', { name: 'Series of DWI' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Se 3 · DWI', 'Se 301 · b=1000 trace', 'Se 302 · ADC', 'Se 4 · DWI']);
    // The viewport shows the ADC map of Se 3: that row is marked, not the scan itself.
    expect(screen.getByRole('button', { name: 'Se 302 · ADC' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Se 3 · DWI' }).getAttribute('aria-current')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Se 301 · b=1000 trace' }));
    expect(onShow).toHaveBeenLastCalledWith('scan-3', 'b1000');
    screen.getByRole('button', { name: 'Se 3 · DWI' }).focus();
    await user.keyboard('{Enter}');
    expect(onShow).toHaveBeenLastCalledWith('scan-3', '');
  });
});
