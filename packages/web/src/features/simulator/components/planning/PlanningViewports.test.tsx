import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScoutImageBody } from '@larmor/contracts/sessions';
import type { Protocol } from '@larmor/mri';
import type { ScoutPlane } from '../../state/planning.ts';
import { axial, axialStack, coronal, sagittal, scanner } from '../../state/planning.test-support.ts';
import type { ProtocolEditorAction } from '../../state/protocol-editor.ts';
import { FOLD_OVER_TITLE } from './FoldOverZone.tsx';
import { PlanningViewports } from './PlanningViewports.tsx';
import { renderWithProviders } from '../../../../test/providers.testing.tsx';

const SESSION_ID = '00000000-0000-4000-8000-000000000002';
const PLANES: Record<ScoutImageBody['orientation'], ScoutPlane> = { axial, coronal, sagittal };

/** Answers every scout request with the test planes' geometry; returns the requested URLs. */
function stubScouts(): URL[] {
  const requested: URL[] = [];
  // jsdom has no 2D canvas: the localisers' pixels are not drawn, the overlay is.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    requested.push(url);
    const orientation = url.pathname.split('/').pop() as ScoutImageBody['orientation'];
    const plane = PLANES[orientation];
    const body: ScoutImageBody = {
      id: orientation,
      orientation,
      regionId: url.searchParams.has('regionId') ? Number(url.searchParams.get('regionId')) : null,
      rows: plane.rows,
      columns: plane.columns,
      pixelSpacing: [...plane.pixelSpacing],
      imagePositionPatient: [...plane.imagePositionPatient],
      imageOrientationPatient: [...plane.imageOrientationPatient],
      window: { center: 0.5, width: 1 },
      pixelFormat: 'float32le',
      // No pixels: the overlay needs only the geometry (jsdom draws no canvas).
      pixels: '',
      tissues: ['air'],
      labels: '',
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return requested;
}

function renderPlanning(
  protocol: Protocol,
  regions: { id: number; name: string }[] = [],
  dispatch: (action: ProtocolEditorAction) => void = () => undefined,
) {
  renderWithProviders(
    <PlanningViewports
      sessionId={SESSION_ID}
      protocol={protocol}
      scanner={scanner}
      freePlan={false}
      units={{ distance: 'mm', time: 'ms' }}
      sequenceName="T2 TSE"
      disabled={false}
      dispatch={dispatch}
      display={{
        view: 'box',
        textOnViewers: false,
        intersections: false,
        tissueOnHover: false,
        ecg: false,
      }}
      onView={() => undefined}
      others={[]}
      isocentreKey="whole:0"
      regions={regions}
    />,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the localiser region picker (GET v1/sessions/{sessionId}/scout-images/{id}, optional regionId)', () => {
  it("lists the whole body and the model's regions; picking one fetches the localisers through its centre", async () => {
    const requested = stubScouts();
    renderPlanning(axialStack(), [
      { id: 3, name: 'Pelvis' },
      { id: 5, name: 'Right knee' },
    ]);
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: /localiser through the isocentre/ })).toHaveLength(3),
    );
    expect(requested.every((url) => !url.searchParams.has('regionId'))).toBe(true);

    await userEvent.click(screen.getByRole('combobox', { name: 'Localiser region' }));
    expect(screen.getByRole('option', { name: 'Whole body (isocentre)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('option', { name: 'Pelvis' }));

    await waitFor(() =>
      expect(
        screen.getAllByRole('img', { name: /localiser through the centre of the Pelvis region/ }),
      ).toHaveLength(3),
    );
    const regional = requested.filter((url) => url.searchParams.get('regionId') === '3');
    expect(regional.map((url) => url.pathname.split('/').pop()).sort()).toEqual([
      'axial',
      'coronal',
      'sagittal',
    ]);
  });

  it('is not shown when the model has no regions', async () => {
    stubScouts();
    renderPlanning(axialStack());
    await waitFor(() => expect(screen.getAllByRole('img', { name: /localiser through/ })).toHaveLength(3));
    expect(screen.queryByRole('combobox', { name: 'Localiser region' })).toBeNull();
  });
});

describe('the planning overlay', () => {
  it('hatches the fold-over zone, with its title, on the localisers where the phase direction lies in plane', async () => {
    stubScouts();
    // Phase A → P with a 160 mm phase FOV: beyond it on the axial and sagittal localisers, through the coronal.
    renderPlanning(axialStack({ fovPhase: 0.16 }));
    await waitFor(() => expect(screen.getByTestId('fold-over-axial')).toBeTruthy());
    expect(screen.getByTestId('fold-over-sagittal')).toBeTruthy();
    expect(screen.queryByTestId('fold-over-coronal')).toBeNull();
    const zone = screen.getByTestId('fold-over-axial');
    expect(zone.querySelectorAll('polygon')).toHaveLength(2);
    expect(zone.querySelector('polygon title')?.textContent).toBe(FOLD_OVER_TITLE);
    expect(zone.querySelector('pattern')).not.toBeNull();
  });

  it('draws FOV and coverage handles on every localiser, the rotation handle only on the one parallel to the slices', async () => {
    stubScouts();
    renderPlanning(axialStack());
    await waitFor(() => expect(screen.getByTestId('rotation-handle-axial')).toBeTruthy());
    expect(screen.queryByTestId('rotation-handle-sagittal')).toBeNull();
    expect(screen.queryByTestId('rotation-handle-coronal')).toBeNull();
    for (const id of [
      'axial-read-plus',
      'axial-phase-minus',
      'sagittal-phase-plus',
      'sagittal-slice-plus',
      'coronal-read-minus',
      'coronal-slice-minus',
    ])
      expect(screen.getByTestId(`edge-handle-${id}`)).toBeTruthy();
    expect(screen.queryByTestId('edge-handle-axial-slice-plus')).toBeNull();
    expect(screen.queryByTestId('edge-handle-sagittal-read-plus')).toBeNull();
  });

  it('draws the tilt handle on the localisers across the slices, a slider the arrows step by 1°', async () => {
    stubScouts();
    const actions: ProtocolEditorAction[] = [];
    renderPlanning(axialStack(), [], (action) => actions.push(action));
    await waitFor(() => expect(screen.getByTestId('tilt-handle-sagittal')).toBeTruthy());
    expect(screen.getByTestId('tilt-handle-coronal')).toBeTruthy();
    expect(screen.queryByTestId('tilt-handle-axial')).toBeNull();
    const slider = screen.getByRole('slider', { name: /^Tilt about row of the slice stack on the sagittal/ });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    expect(
      screen.getByRole('slider', { name: /^Tilt about column of the slice stack on the coronal/ }),
    ).toBeTruthy();
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(screen.getByTestId('tilt-value-sagittal').textContent).toBe('Tilt about row 1°'),
    );
    const geometry = actions.find((a) => a.type === 'geometry');
    expect(geometry?.type === 'geometry' && geometry.geometry.tiltAboutRow).toBeCloseTo(Math.PI / 180, 12);
  });
});
