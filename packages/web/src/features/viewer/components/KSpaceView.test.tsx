import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { KSpaceView } from './KSpaceView.tsx';
import { kAt, kspaceFrameOf } from '../state/kspace.ts';
import { seriesMeta, squarePhantom } from '../state/kspace.testing.ts';

const META = seriesMeta(
  { kspaceRows: 64, kspaceColumns: 64, rows: 64, columns: 64 },
  { matrixRead: 64, matrixPhase: 64, phaseOversampling: 0, partialFourier: 1 },
);
const FRAME = kspaceFrameOf(META);

function renderView() {
  render(
    <MantineProvider>
      <KSpaceView meta={META} frame={FRAME} kspace={squarePhantom(FRAME)} coil={0} />
    </MantineProvider>,
  );
}

describe('KSpaceView', () => {
  it('names its images: the k-space, the whole image, the stripes, the acquisition and the mask', () => {
    renderView();
    for (const name of [
      'K-space, log magnitude',
      'Image from the whole k-space',
      /^Stripe pattern of kx = /,
      'K-space after 64 of 64 lines',
      'Image from the centre of k-space',
    ]) {
      expect(screen.getByRole('img', { name })).toBeTruthy();
    }
  });

  it('arrow keys move the cursor on the k-space and Enter picks it: (kx, ky) in 1/m and the stripe spacing', async () => {
    renderView();
    const user = userEvent.setup();
    const picker = screen.getByRole('group', { name: /^K-space, log magnitude: click a point/ });
    picker.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}{Enter}');
    // The first pick is 3 rows above and 5 columns right of the centre; the cursor starts there.
    const { kx, ky } = kAt(FRAME, FRAME.rows / 2 - 2, FRAME.columns / 2 + 7);
    const text = screen.getByTestId('kspace-point').textContent ?? '';
    expect(text).toContain(`kx = ${kx.toFixed(1)} 1/m, ky = ${ky.toFixed(1)} 1/m`);
    expect(text).toContain(`stripes ${(1000 / Math.hypot(kx, ky)).toFixed(1)} mm apart`);
  });

  it('a click on the centre picks k = 0, the mean signal', () => {
    renderView();
    const picker = screen.getByRole('group', { name: /^K-space, log magnitude: click a point/ });
    picker.getBoundingClientRect = () => new DOMRect(0, 0, 256, 256);
    fireEvent.click(picker, { clientX: 129, clientY: 129 });
    expect(screen.getByTestId('kspace-point').textContent).toBe(
      'kx = 0.0 1/m, ky = 0.0 1/m: the centre, the mean signal of the image (no stripes).',
    );
  });

  it('switches to phase, plays and pauses the acquisition, and masks the edge', async () => {
    renderView();
    const user = userEvent.setup();
    await user.click(screen.getByText('Phase'));
    expect(screen.getByRole('img', { name: 'K-space, phase' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Play the acquisition' }));
    expect(await screen.findByRole('button', { name: 'Pause the acquisition' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pause the acquisition' }));
    await user.click(screen.getByText('Keep the edge'));
    expect(screen.getByRole('img', { name: 'Image from the edge of k-space' })).toBeTruthy();
    expect(screen.getByTestId('kspace-ordering').textContent).toMatch(/^Echo train/);
  });
});
