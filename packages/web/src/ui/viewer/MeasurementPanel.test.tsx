import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/providers.testing.tsx';
import { MeasurementPanel } from './MeasurementPanel.tsx';
import type { MeasurementRow } from './measurements.ts';

function roi(uid: string, mean: number, sd: number): MeasurementRow {
  return {
    uid,
    kind: 'ellipse',
    sliceIndex: 0,
    stats: { mean, sd, min: mean - sd, max: mean + sd, areaMm2: 100 },
  };
}

describe('the measurement panel', () => {
  it('shows SNR and CNR of the shown slice, each in one click', async () => {
    const rows = [roi('air', 5, 6.55), roi('grey', 300, 10), roi('white', 400, 10)];
    renderWithProviders(<MeasurementPanel rows={rows} sliceIndex={0} distanceUnit="mm" onRemove={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'SNR' }));
    expect(screen.getByTestId('ratio-result').textContent).toMatch(/^SNR = 40\.0 .*SD_bg \/ 0\.655/);
    await userEvent.click(screen.getByRole('button', { name: 'CNR' }));
    expect(screen.getByTestId('ratio-result').textContent).toMatch(/^CNR = \d+(\.\d)? /);
  });
});
