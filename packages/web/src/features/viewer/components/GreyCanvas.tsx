/**
 * An 8-bit grey image drawn 1:1 into a canvas and shown at `size` CSS pixels (nearest-neighbour), with an
 * accessible name and description; `children` are SVG overlays in the image's own pixel coordinates.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { paintGrey } from '#ui/grey-canvas.ts';

export interface GreyImage {
  grey: Uint8Array;
  width: number;
  height: number;
}

export function GreyCanvas(props: {
  image: GreyImage;
  label: string;
  /** Displayed width [CSS px]; the height follows the image's aspect. */
  size: number;
  /**
   * Displayed width over height: an image's physical shape (FOV read / FOV phase, issue 20.8). Default: the pixel
   * grid's own (k-space, where a sample is no length).
   */
  aspect?: number;
  testId: string;
  children?: ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { grey, width, height } = props.image;
  useEffect(() => {
    const element = canvas.current;
    if (!element || grey.length !== width * height) return;
    paintGrey(element, grey, width, height);
  }, [grey, width, height]);
  const displayHeight = props.size / (props.aspect ?? width / height);
  return (
    <Box pos="relative" w={props.size} h={displayHeight} style={{ flex: 'none' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={props.label}
        data-testid={props.testId}
        style={{
          width: props.size,
          height: displayHeight,
          imageRendering: 'pixelated',
          background: '#000',
          display: 'block',
        }}
      />
      {props.children !== undefined && (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
        >
          {props.children}
        </svg>
      )}
    </Box>
  );
}
