import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PulseSequence, ReconstructedImages } from '@larmor/contracts/sessions';
import { defaultProtocol } from '@larmor/mri/sequence';
import { testScanner } from '@larmor/mri/testing';
import type { ViewerSeries } from '#ui/viewer/index.ts';
import { ImageViewerPage } from './ImageViewerPage.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

// The shared viewer and its thumbnails draw with WebGL and canvas, which jsdom lacks: here the viewer names the
// series it was given, with its series number.
vi.mock('#ui/viewer/index.ts', () => ({
  SeriesViewer: (props: { series: ViewerSeries }) => (
    <output aria-label="Viewer">
      {`${props.series.id} · Se ${props.series.acquisition?.seriesNumber ?? '?'} · ${props.series.description}`}
    </output>
  ),
}));
vi.mock('#ui/viewer/SeriesThumbnail.tsx', () => ({ SeriesThumbnail: () => null }));

/** How long a page may take to render on a busy 2-core machine [ms]. */
const FIND = { timeout: 5_000 };
const SCAN = 'scan-dwi';
const META = `/api/v1/sessions/s1/reconstructed-images/${SCAN}`;
const { family: _family, geometry, ...parameters } = defaultProtocol('DWI', testScanner());
const AT = '2026-11-28T10:00:00.000Z';

const sequence: PulseSequence = {
  id: 'seq-1',
  sessionId: 's1',
  collectionId: 'c1',
  pulseSequenceSchemeId: 12,
  name: 'DWI',
  seqnum: 1,
  family: 'DWI',
  parameters,
  spatials: geometry,
  status: 'finished',
  lastScan: {
    id: SCAN,
    seriesNumber: 3,
    status: 'finished',
    progress: 100,
    errorMessage: null,
    createdAt: AT,
    finishedAt: AT,
  },
  updatedAt: AT,
};

/** The one-slice 2 × 2 DWI scan's metadata describing `series` ('' the scan itself). */
function meta(series: string): ReconstructedImages {
  const own = series === '' ? '' : `series=${series}`;
  const withQuery = (url: string, ...parts: string[]) => {
    const q = parts.filter((p) => p !== '').join('&');
    return q === '' ? url : `${url}?${q}`;
  };
  return {
    scanId: SCAN,
    pulseSequenceId: sequence.id,
    seriesNumber: 3,
    rows: 2,
    columns: 2,
    pixelSpacing: [0.001, 0.001],
    sliceThickness: 0.005,
    kspaceRows: 2,
    kspaceColumns: 2,
    pixelFormat: 'float32le',
    window: { center: 1, width: 2 },
    parameters: defaultProtocol('DWI', testScanner()),
    seed: 1,
    receiveChannels: 1,
    receiveCoil: 'Head',
    slices: [
      {
        index: 0,
        imagePositionPatient: [0, 0, 0],
        imageOrientationPatient: [1, 0, 0, 0, 1, 0],
        url: withQuery(`${META}/slices/0`, own),
        kspaceUrl: withQuery(`${META}/kspace/0`, own),
      },
    ],
    dicomUrl: withQuery(META, 'format=dicom', own),
    niftiUrl: withQuery(META, 'format=nifti', own),
    series,
    fslUrl: `${META}?format=fsl`,
    diffusionSeries: [
      { name: '', description: 'DWI b=0 s/mm² (the scan itself)', bValue: 0, seriesNumber: 3, url: META },
      {
        name: 'b1000',
        description: 'DWI TRACEW b=1000 s/mm² (trace of 3 directions)',
        bValue: 1000,
        seriesNumber: 301,
        url: `${META}?series=b1000`,
      },
      {
        name: 'adc',
        description: 'DWI ADC (10⁻⁶ mm²/s)',
        bValue: null,
        seriesNumber: 302,
        url: `${META}?series=adc`,
      },
    ],
  };
}

afterEach(() => vi.restoreAllMocks());

function renderPage() {
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === '/api/v1/sessions/s1/pulse-sequences')
      return Promise.resolve(Response.json([sequence]));
    if (url.pathname === META)
      return Promise.resolve(Response.json(meta(url.searchParams.get('series') ?? '')));
    if (url.pathname.startsWith(`${META}/slices/`))
      return Promise.resolve(new Response(new Float32Array(4).buffer));
    const missing = { error: { message: 'Not found', code: 404, cause: 'not-found' } };
    return Promise.resolve(Response.json(missing, { status: 404 }));
  });
  const router = createMemoryRouter(
    [{ path: '/session/:sessionId/image-viewer', element: <ImageViewerPage /> }],
    {
      initialEntries: ['/session/s1/image-viewer'],
    },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('the image viewer shows a DWI scan’s series as selectable series (issue 23.7)', () => {
  it('offers b=0, the b=1000 trace and the ADC map in the viewport; picking one shows it with its series number', async () => {
    renderPage();
    const group = await screen.findByRole('radiogroup', { name: 'Diffusion series in viewport 1' }, FIND);
    const values = within(group)
      .getAllByRole('radio')
      .map((r) => r.getAttribute('value'));
    expect(values).toEqual(['', 'b1000', 'adc']);
    expect((await screen.findByLabelText('Viewer', {}, FIND)).textContent).toBe(`${SCAN} · Se 3 · DWI`);

    await userEvent.click(screen.getByText('b=1000 trace'));
    await waitFor(() =>
      expect(screen.getByLabelText('Viewer').textContent).toBe(
        `${SCAN}-b1000 · Se 301 · DWI · DWI TRACEW b=1000 s/mm² (trace of 3 directions)`,
      ),
    );
  });

  it('offers the b-value series as one NIfTI with bval/bvec', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Download NIfTI + bval/bvec' }, FIND)).toBeTruthy();
  });
});
