/**
 * The live preview's image: the worker's grey pixels painted on a canvas, scaled by CSS to their physical shape
 * (FOV / matrix per axis, issue 20.8) and centred in a square box, named for screen readers by what it shows.
 * `data-latency-ms` carries the worker's round trip for this frame, `data-frame` its request and `data-backend` where
 * its FFTs ran ('wasm' or 'javascript'): the browser stories and the bench read them.
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Center, Loader, Text } from '@mantine/core';
import { fitInBox, physicalAspect } from '#lib/physical-size.ts';
import type { PreviewState } from './use-preview.ts';

export function PreviewImage(props: { state: PreviewState; description: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { state } = props;
  const answer = state.status === 'shown' ? state.answer : undefined;
  const response = answer?.response;

  useEffect(() => {
    const element = canvas.current;
    if (!element || !response?.ok) return;
    element.width = response.columns;
    element.height = response.rows;
    const context = element.getContext('2d');
    if (!context) return;
    const image = context.createImageData(response.columns, response.rows);
    const { grey } = response;
    for (let i = 0; i < grey.length; i++) {
      const value = grey[i] as number;
      image.data[4 * i] = value;
      image.data[4 * i + 1] = value;
      image.data[4 * i + 2] = value;
      image.data[4 * i + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    element.dataset.latencyMs = String(Math.round((answer?.latencyMs ?? 0) * 10) / 10);
    element.dataset.frame = String(response.id);
    element.dataset.backend = response.backend;
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
