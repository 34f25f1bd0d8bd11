import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScanResultImages } from '@larmor/contracts/attempts';
import { defaultProtocol } from '@larmor/mri/sequence';
import { testScanner } from '@larmor/mri/testing';
import type { ViewerSeries } from '#ui/viewer/index.ts';
import { ScanResultViewer } from './ScanResultViewer.tsx';
import { renderWithProviders } from '../../test/providers.testing.tsx';

// The shared viewer draws with WebGL (Cornerstone3D), which jsdom lacks: here it names the series it was given.
vi.mock('#ui/viewer/index.ts', () => ({
  SeriesViewer: (props: { series: ViewerSeries }) => (
    <output aria-label="Viewer">{`${props.series.id}: ${props.series.description}`}</output>
  ),
}));

const RESULT_ID = '00000000-0000-4000-8000-000000000001';
const IMAGES = `/api/v1/scan-results/${RESULT_ID}/images`;

/** A kept one-slice 2 × 2 DWI scan with b = 0, the b = 1000 trace and the ADC map; `series` the one described. */
function dwiMeta(series: string): ScanResultImages {
  const query = series === '' ? '' : `?series=${series}`;
  return {
    scanResultId: RESULT_ID,
    rows: 2,
    columns: 2,
    pixelSpacing: [0.001, 0.001],
    sliceThickness: 0.005,
    pixelFormat: 'float32le',
    window: { center: 1, width: 2 },
    parameters: defaultProtocol('DWI', testScanner()),
    seed: 1,
    slices: [
      {
        index: 0,
        imagePositionPatient: [0, 0, 0],
        imageOrientationPatient: [1, 0, 0, 0, 1, 0],
        url: `${IMAGES}/0${query}`,
      },
    ],
    series,
    diffusionSeries: [
      { name: '', description: 'DWI b=0 s/mm² (the scan itself)', bValue: 0, seriesNumber: 3, url: IMAGES },
      {
        name: 'b1000',
        description: 'DWI TRACEW b=1000 s/mm² (trace of 3 directions)',
        bValue: 1000,
        seriesNumber: 301,
        imageType: ['DERIVED', 'PRIMARY', 'DIFFUSION', 'TRACEW'],
        url: `${IMAGES}?series=b1000`,
      },
      {
        name: 'adc',
        description: 'DWI ADC (10⁻⁶ mm²/s)',
        bValue: null,
        seriesNumber: 302,
        imageType: ['DERIVED', 'PRIMARY', 'DIFFUSION', 'ADC'],
        url: `${IMAGES}?series=adc`,
      },
    ],
  };
}

afterEach(() => vi.restoreAllMocks());

describe('a kept DWI scan in the scan-result viewer: its series are selectable (issue 23.7)', () => {
  it('opens the scan itself, lists b=0, the b=1000 trace and ADC, and shows the one picked by keyboard', async () => {
    const requested: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      requested.push(`${url.pathname}${url.search}`);
      if (url.pathname === IMAGES) {
        return Promise.resolve(Response.json(dwiMeta(url.searchParams.get('series') ?? '')));
      }
      return Promise.resolve(new Response(new Float32Array(4).buffer));
    });
    renderWithProviders(<ScanResultViewer scanResultId={RESULT_ID} description="Se 3 · DWI" />);
    const group = await screen.findByRole('radiogroup', { name: 'Diffusion series' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['', 'b1000', 'adc']);
    expect((await screen.findByLabelText('Viewer')).textContent).toBe(`scan-result-${RESULT_ID}: Se 3 · DWI`);

    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() =>
      expect(screen.getByLabelText('Viewer').textContent).toBe(
        `scan-result-${RESULT_ID}-adc: Se 3 · DWI · DWI ADC (10⁻⁶ mm²/s)`,
      ),
    );
    expect(requested).toContain(`${IMAGES}?series=adc`);
    expect(requested).toContain(`${IMAGES}/0?series=adc`);
  });
});
