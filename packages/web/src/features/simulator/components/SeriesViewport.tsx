/**
 * The last finished scan of the selected sequence in its own viewport: the series' slices (Float32 from the
 * server) in its default display window, scrolled with a labelled slider (arrow keys). The viewers issue replaces
 * this with the shared viewer (Cornerstone3D); the image carries its series description as its name.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Loader, Slider, Stack, Text } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { useReconstructedImages } from '../api/get-reconstructed-images.ts';
import { useSlicePixels } from '../api/get-slice-pixels.ts';
import { windowToGrey } from '../state/window.ts';

export function SeriesViewport(props: { sessionId: string; sequence: PulseSequence }) {
  const { sequence } = props;
  const scanId = sequence.lastScan?.status === 'finished' ? sequence.lastScan.id : undefined;
  const series = useReconstructedImages(props.sessionId, scanId);
  const count = series.data?.slices.length ?? 0;
  const [index, setIndex] = useState<number | undefined>(undefined);
  const shown = Math.min(index ?? Math.floor(count / 2), Math.max(0, count - 1));
  const pixels = useSlicePixels(series.data?.slices[shown]?.url);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    const meta = series.data;
    if (!element || !meta || !pixels.data) return;
    element.width = meta.columns;
    element.height = meta.rows;
    const context = element.getContext('2d');
    if (!context) return;
    const grey = windowToGrey(pixels.data, meta.window);
    const image = context.createImageData(meta.columns, meta.rows);
    for (let i = 0; i < grey.length; i++) {
      image.data[4 * i] = grey[i] as number;
      image.data[4 * i + 1] = grey[i] as number;
      image.data[4 * i + 2] = grey[i] as number;
      image.data[4 * i + 3] = 255;
    }
    context.putImageData(image, 0, 0);
  }, [series.data, pixels.data]);

  if (scanId === undefined) return null;
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        Last scan: {sequence.name}
      </Text>
      <Box pos="relative" style={{ aspectRatio: '1 / 1', background: '#000', borderRadius: 4 }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${sequence.seqnum} - ${sequence.name}, slice ${shown + 1} of ${count}`}
          data-testid="series-viewport"
          style={{ width: '100%', height: '100%', display: 'block' }}
        />
        {(series.isPending || pixels.isPending) && (
          <Loader pos="absolute" top="45%" left="45%" aria-label="Loading the images" />
        )}
      </Box>
      {count > 1 && (
        <Slider
          min={1}
          max={count}
          value={shown + 1}
          onChange={(v) => setIndex(v - 1)}
          label={(v) => `Slice ${v}/${count}`}
          thumbLabel="Slice"
        />
      )}
    </Stack>
  );
}
