import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { DiffusionSeriesPicker } from './DiffusionSeriesPicker.tsx';

const DWI = [
  { name: '', description: 'DWI b=0 s/mm² (the scan itself)', bValue: 0, seriesNumber: 3, url: '/a' },
  {
    name: 'b1000',
    description: 'DWI TRACEW b=1000 s/mm² (trace of 3 directions)',
    bValue: 1000,
    seriesNumber: 301,
    imageType: ['DERIVED', 'PRIMARY', 'DIFFUSION', 'TRACEW'],
    url: '/a?series=b1000',
  },
  {
    name: 'adc',
    description: 'DWI ADC (10⁻⁶ mm²/s)',
    bValue: null,
    seriesNumber: 302,
    imageType: ['DERIVED', 'PRIMARY', 'DIFFUSION', 'ADC'],
    url: '/a?series=adc',
  },
];

function renderPicker(series: typeof DWI | undefined, value = '') {
  const onChange = vi.fn();
  const { container } = render(
    <MantineProvider env="test">
      <DiffusionSeriesPicker series={series} value={value} onChange={onChange} />
    </MantineProvider>,
  );
  return { onChange, container };
}

describe('the series of a DWI scan in its viewport (issue 23.7)', () => {
  it('offers b = 0, the b = 1000 trace and the ADC map; picking one names it', async () => {
    const { onChange } = renderPicker(DWI);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['', 'b1000', 'adc']);
    expect(screen.getByText('b=0')).toBeTruthy();
    expect(screen.getByText('ADC')).toBeTruthy();
    await userEvent.click(screen.getByText('b=1000 trace'));
    expect(onChange).toHaveBeenCalledWith('b1000');
  });

  it('is a labelled group of radios the keyboard moves through (Tab to it, arrow keys between series)', async () => {
    const { onChange } = renderPicker(DWI);
    expect(screen.getByRole('radiogroup', { name: 'Diffusion series' })).toBeTruthy();
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('value')).toBe('');
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('b1000');
  });

  it('shows nothing for a scan of one series', () => {
    const { container } = renderPicker(undefined);
    expect(container.querySelector('[role="radiogroup"], input')).toBeNull();
  });
});
