/**
 * Masks on k-space: keep only the centre (|k| ≤ R: the low spatial frequencies, which carry the contrast) or
 * only the edge (|k| > R: the high frequencies, which carry edges and detail), with the image that k-space
 * gives beside it (reconstructed in the worker, under its own window, so the faint edge-only image stays visible).
 */
import { useMemo, useState } from 'react';
import { Group, SegmentedControl, Slider, Stack, Text, Title } from '@mantine/core';
import { GreyCanvas } from './GreyCanvas.tsx';
import type { ReconClient } from '../recon/recon-client.ts';
import { useReconImage } from '../recon/use-recon.ts';
import { imageAspect, kMaxRead, radialMask, type KSpaceFrame, type MaskKind } from '../state/kspace.ts';
import { imageGrey, imageWindow } from '../state/kspace-display.ts';

const DEFAULT_RADIUS_PERCENT = 10;
const MM_PER_M = 1000;

export function MaskPanel(props: {
  frame: KSpaceFrame;
  recon: ReconClient;
  kGrey: Uint8Array;
  size: number;
}) {
  const { frame, kGrey } = props;
  const [kind, setKind] = useState<MaskKind>('centre');
  const [percent, setPercent] = useState(DEFAULT_RADIUS_PERCENT);
  const radius = (percent / 100) * kMaxRead(frame);
  const mask = useMemo(() => radialMask(frame, kind, radius), [frame, kind, radius]);
  const shownK = useMemo(() => kGrey.map((g, i) => (mask[i] === 1 ? g : 0)), [kGrey, mask]);
  const values = useReconImage(props.recon, 'mask', mask);
  const image = useMemo(
    () => (values ? imageGrey(values, imageWindow(values)) : new Uint8Array(frame.rows * frame.columns)),
    [values, frame],
  );
  const what = kind === 'centre' ? 'Centre only' : 'Edge only';
  // The finest detail the centre keeps: half a wavelength of |k| = R [mm].
  const finest = radius > 0 ? MM_PER_M / (2 * radius) : Infinity;

  return (
    <Stack component="section" aria-labelledby="kspace-masks" gap="xs">
      <Title order={2} size="h4" id="kspace-masks">
        Masks
      </Title>
      <Text size="sm" maw={720}>
        The centre of k-space holds the low spatial frequencies: the contrast and the large shapes. The edge
        holds the high frequencies: edges and fine detail.
      </Text>
      <Group gap="md" align="flex-end">
        <SegmentedControl
          size="xs"
          aria-label="Mask"
          value={kind}
          onChange={(v) => setKind(v as MaskKind)}
          data={[
            { value: 'centre', label: 'Keep the centre' },
            { value: 'edge', label: 'Keep the edge' },
          ]}
        />
        <Stack gap={2} w={260}>
          <Text size="xs" id="kspace-radius-label">
            {`Mask radius: ${radius.toFixed(1)} 1/m (${percent} % of k max)`}
          </Text>
          <Slider
            min={1}
            max={100}
            value={percent}
            onChange={setPercent}
            thumbLabel="Mask radius"
            aria-labelledby="kspace-radius-label"
            label={null}
          />
        </Stack>
      </Group>
      <Text size="sm">
        {kind === 'centre'
          ? `Details finer than about ${finest.toFixed(1)} mm are gone: the image blurs but keeps its contrast.`
          : `Only details finer than about ${finest.toFixed(1)} mm remain: edges without the contrast.`}
      </Text>
      <Group gap="md" align="flex-start">
        <GreyCanvas
          image={{ grey: shownK, width: frame.columns, height: frame.rows }}
          label={`K-space, ${what.toLowerCase()}, radius ${radius.toFixed(1)} 1/m`}
          size={props.size}
          testId="kspace-masked"
        />
        <GreyCanvas
          image={{ grey: image, width: frame.columns, height: frame.rows }}
          label={`Image from the ${kind} of k-space`}
          size={props.size}
          testId="kspace-mask-image"
          aspect={imageAspect(frame)}
        />
      </Group>
    </Stack>
  );
}
