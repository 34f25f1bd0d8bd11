/**
 * The live preview's image: the worker's grey pixels painted on a canvas, scaled by CSS to their physical shape
 * (FOV / matrix per axis, issue 20.8) and centred in a square box, named for screen readers by what it shows.
 * `data-latency-ms` carries the worker's round trip for this frame, `data-compute-ms` the engine's time in the worker,
 * `data-frame` its request and `data-backend` where its FFTs ran ('wasm' or 'javascript'): the browser stories and
 * the bench read them (e2e/support/preview-latency.ts).
 */
import { useLayoutEffect, useRef } from 'react';
import { Alert, Box, Center, Loader, Text } from '@mantine/core';
import { fitInBox, physicalAspect } from '#lib/physical-size.ts';
import { usePreviewState, type PreviewStore } from './use-preview.ts';

/** Whether this platform stores multi-byte words least significant byte first (every browser's CPU today). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export function PreviewImage(props: { store: PreviewStore; description: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const state = usePreviewState(props.store);
  const answer = state.status === 'shown' ? state.answer : undefined;
  const response = answer?.response;

  // Drawn before the browser paints (a layout effect): the frame shows in the paint after its answer.
  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element || !response?.ok) return;
    // Resizing clears and reallocates the canvas: only when the matrix changes.
    if (element.width !== response.columns) element.width = response.columns;
    if (element.height !== response.rows) element.height = response.rows;
    const context = element.getContext('2d');
    if (!context) return;
    const image = context.createImageData(response.columns, response.rows);
    // One 32-bit write per pixel: grey in R, G and B, opaque alpha (ImageData is RGBA in memory; the platform's
    // byte order decides where each byte of the word lands).
    const pixels = new Uint32Array(image.data.buffer);
    const { grey } = response;
    const opaque = LITTLE_ENDIAN ? 0xff000000 : 0xff;
    for (let i = 0; i < grey.length; i++) {
      const v = grey[i] as number;
      pixels[i] =
        (LITTLE_ENDIAN ? opaque | (v << 16) | (v << 8) | v : (v << 24) | (v << 16) | (v << 8) | opaque) >>> 0;
    }
    context.putImageData(image, 0, 0);
    element.dataset.latencyMs = String(Math.round((answer?.latencyMs ?? 0) * 10) / 10);
    element.dataset.frame = String(response.id);
    element.dataset.backend = response.backend;
    element.dataset.computeMs = String(Math.round((response.prepareMs + response.renderMs) * 100) / 100);
  }, [response, answer?.latencyMs]);

  const fit = fitInBox(response?.ok ? physicalAspect(response) : 1);

  if (state.status === 'unavailable') {
    return <Text c="dimmed">The live preview needs a browser with Web Workers.</Text>;
  }
  return (
    <Box pos="relative" w="100%" style={{ aspectRatio: '1 / 1', background: '#000', borderRadius: 4 }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Live preview: ${props.description}`}
        data-testid="live-preview"
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          transform: 'translate(-50%, -50%)',
          width: `${fit.widthPercent}%`,
          height: `${fit.heightPercent}%`,
          display: response?.ok ? 'block' : 'none',
        }}
      />
      {state.status === 'starting' && (
        <Center pos="absolute" inset={0}>
          <Loader aria-label="Preparing the live preview" />
        </Center>
      )}
      {response && !response.ok && (
        <Center pos="absolute" inset={0} p="md">
          <Alert color="yellow" title="Preview paused">
            {response.message}
          </Alert>
        </Center>
      )}
    </Box>
  );
}
