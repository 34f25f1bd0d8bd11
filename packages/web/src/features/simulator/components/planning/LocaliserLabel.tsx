/**
 * Text written on a localiser over the image (the tissue under the pointer, a dragged value): white with a black
 * outline so it reads on any grey, sized to the image (viewBox units), never catching the pointer.
 */
import type { ReactNode } from 'react';

export function LocaliserLabel(props: {
  x: number;
  y: number;
  /** The localiser's rows: the text's size and outline follow the image's. */
  rows: number;
  anchor?: 'start' | 'end';
  testId: string;
  children: ReactNode;
}) {
  return (
    <text
      data-testid={props.testId}
      x={props.x}
      y={props.y}
      textAnchor={props.anchor ?? 'start'}
      fill="#ffffff"
      stroke="#000"
      strokeWidth={props.rows * 0.006}
      paintOrder="stroke"
      fontSize={props.rows * 0.05}
      pointerEvents="none"
    >
      {props.children}
    </text>
  );
}
