/**
 * One slice's k-space, taught (issue 13): its log magnitude or phase, where a picked point shows the stripe
 * pattern it encodes and its (kx, ky) [1/m]; the image the whole k-space gives; the acquisition animation; the
 * centre and edge masks. Everything is in the acquisition frame: read (kx) across, phase (ky) down.
 */
import { useMemo, useState } from 'react';
import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ReconstructedImages } from '@larmor/contracts/sessions';
import type { ComplexArray } from '@larmor/mri/recon';
import { phaseEncodingOrder } from '@larmor/mri/sequence';
import { AcquisitionPanel } from './AcquisitionPanel.tsx';
import { GreyCanvas } from './GreyCanvas.tsx';
import { KSpacePicker } from './KSpacePicker.tsx';
import { MaskPanel } from './MaskPanel.tsx';
import { useReconClient, useReconImage } from '../recon/use-recon.ts';
import { imageAspect, kAt, type KPoint, type KSpaceFrame } from '../state/kspace.ts';
import {
  imageGrey,
  imageWindow,
  logMagnitudeGrey,
  phaseGrey,
  stripePattern,
} from '../state/kspace-display.ts';

const DISPLAY_PX = 256;
const MM_PER_M = 1000;
/** The first picked point: a few samples off the centre, so its stripes show at once. */
const FIRST_PICK_OFFSET: KPoint = { row: -3, column: 5 };

type Display = 'magnitude' | 'phase';

export function KSpaceView(props: {
  meta: ReconstructedImages;
  frame: KSpaceFrame;
  kspace: ComplexArray;
  /** The receive channel shown [0, meta.receiveChannels). */
  coil: number;
}) {
  const { meta, frame, kspace } = props;
  const [display, setDisplay] = useState<Display>('magnitude');
  const [picked, setPicked] = useState<KPoint>({
    row: frame.rows / 2 + FIRST_PICK_OFFSET.row,
    column: frame.columns / 2 + FIRST_PICK_OFFSET.column,
  });
  const magnitudeGrey = useMemo(() => logMagnitudeGrey(kspace), [kspace]);
  const kGrey = useMemo(
    () => (display === 'magnitude' ? magnitudeGrey : phaseGrey(kspace)),
    [display, magnitudeGrey, kspace],
  );
  const recon = useReconClient(kspace, frame);
  const full = useReconImage(recon, 'full', null);
  const window = useMemo(() => (full ? imageWindow(full) : null), [full]);
  const fullGrey = useMemo(
    () => (full && window ? imageGrey(full, window) : new Uint8Array(frame.rows * frame.columns)),
    [full, window, frame],
  );
  const order = useMemo(() => phaseEncodingOrder(meta.parameters, frame.rows), [meta, frame]);
  const { kx, ky } = kAt(frame, picked.row, picked.column);
  const stripes = useMemo(() => stripePattern(frame, kx, ky), [frame, kx, ky]);
  const kNorm = Math.hypot(kx, ky);
  const image = (grey: Uint8Array) => ({ grey, width: frame.columns, height: frame.rows });
  const displayName = display === 'magnitude' ? 'log magnitude' : 'phase';

  return (
    <Stack gap="lg">
      <Stack component="section" aria-labelledby="kspace-slice" gap="xs">
        <Title order={2} size="h4" id="kspace-slice">
          K-space and image
        </Title>
        <Group gap="md" align="center">
          <SegmentedControl
            size="xs"
            aria-label="K-space display"
            value={display}
            onChange={(v) => setDisplay(v as Display)}
            data={[
              { value: 'magnitude', label: 'Log magnitude' },
              { value: 'phase', label: 'Phase' },
            ]}
          />
          <Text size="xs" c="dimmed" maw={560}>
            {display === 'magnitude'
              ? 'Grey scale: log(1 + |K| / (10⁻³ · peak)), black = 0, white = the peak.'
              : 'Grey scale: phase of K, black = −π, mid grey = 0, white = +π.'}{' '}
            {`${frame.columns} read × ${frame.rows} phase samples, Δkx = ${(1 / frame.fovRead).toFixed(2)} 1/m, ` +
              `Δky = ${(1 / frame.fovPhase).toFixed(2)} 1/m; ` +
              (meta.receiveChannels > 1
                ? `receive channel ${props.coil + 1} of ${meta.receiveChannels}.`
                : 'one receive channel.')}
          </Text>
        </Group>
        <Group gap="md" align="flex-start">
          <KSpacePicker
            image={image(kGrey)}
            frame={frame}
            picked={picked}
            onPick={setPicked}
            label={`K-space, ${displayName}`}
            size={DISPLAY_PX}
            testId="kspace-display"
          />
          <GreyCanvas
            image={image(fullGrey)}
            label="Image from the whole k-space"
            size={DISPLAY_PX}
            testId="kspace-full-image"
            aspect={imageAspect(frame)}
          />
          <Stack gap={4}>
            <GreyCanvas
              image={image(stripes)}
              label={`Stripe pattern of kx = ${kx.toFixed(1)} 1/m, ky = ${ky.toFixed(1)} 1/m`}
              size={DISPLAY_PX}
              testId="kspace-stripes"
              aspect={imageAspect(frame)}
            />
            <Text size="sm" data-testid="kspace-point" aria-live="polite" maw={DISPLAY_PX}>
              {`kx = ${kx.toFixed(1)} 1/m, ky = ${ky.toFixed(1)} 1/m: ` +
                (kNorm === 0
                  ? 'the centre, the mean signal of the image (no stripes).'
                  : `stripes ${(MM_PER_M / kNorm).toFixed(1)} mm apart.`)}
            </Text>
          </Stack>
        </Group>
      </Stack>
      <AcquisitionPanel
        frame={frame}
        recon={recon}
        kGrey={kGrey}
        order={order}
        window={window}
        size={DISPLAY_PX}
      />
      <MaskPanel frame={frame} recon={recon} kGrey={kGrey} size={DISPLAY_PX} />
    </Stack>
  );
}
