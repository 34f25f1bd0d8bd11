/**
 * The live preview's image: the worker's grey pixels painted on a canvas, scaled by CSS to their physical shape
 * (FOV / matrix per axis, issue 20.8) and centred in a square box, named for screen readers by what it shows.
 * `data-latency-ms` carries the worker's round trip for this frame, `data-compute-ms` the engine's time in the worker,
 * `data-frame` its request and `data-backend` where its FFTs ran ('wasm' or 'javascript'): the browser stories and
 * the bench read them (e2e/support/preview-latency.ts).
 */
import { memo, useLayoutEffect, useRef } from 'react';
import { Alert, Box, Center, Loader, Text } from '@mantine/core';
import { paintGrey } from '#ui/grey-canvas.ts';
import { fitInBox, physicalAspect } from '#lib/physical-size.ts';
import { usePreviewState, type PreviewStore } from './use-preview.ts';

/** Memoised (issue 20, "Speed": input to paint): a parameter edit that leaves its props alone does not render it. */
export const PreviewImage = memo(function PreviewImage(props: { store: PreviewStore; description: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const state = usePreviewState(props.store);
  const answer = state.status === 'shown' ? state.answer : undefined;
  const response = answer?.response;

  // Drawn before the browser paints (a layout effect): the frame shows in the paint after its answer.
  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element || !response?.ok) return;
    if (!paintGrey(element, response.grey, response.columns, response.rows)) return;
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
});
