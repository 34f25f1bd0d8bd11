/**
 * A k-space image a student can pick a point on: a click picks the sample under the pointer; from the keyboard,
 * arrow keys move a cursor (Shift: 8 samples) and Enter or Space picks it. The picked sample is marked with a
 * crosshair, the cursor with a square.
 */
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { GreyCanvas, type GreyImage } from './GreyCanvas.tsx';
import { movePoint, type KPoint, type KSpaceFrame } from '../state/kspace.ts';

export function KSpacePicker(props: {
  image: GreyImage;
  frame: KSpaceFrame;
  picked: KPoint;
  onPick: (point: KPoint) => void;
  label: string;
  size: number;
  testId: string;
}) {
  const { frame, picked } = props;
  const [cursor, setCursor] = useState<KPoint>(picked);
  const [focused, setFocused] = useState(false);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const column = Math.floor(((event.clientX - box.left) / box.width) * frame.columns);
    const row = Math.floor(((event.clientY - box.top) / box.height) * frame.rows);
    const point = {
      row: Math.max(0, Math.min(frame.rows - 1, row)),
      column: Math.max(0, Math.min(frame.columns - 1, column)),
    };
    setCursor(point);
    props.onPick(point);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onPick(cursor);
      return;
    }
    const next = movePoint(cursor, event.key, frame, event.shiftKey);
    if (next) {
      event.preventDefault();
      setCursor(next);
    }
  };

  return (
    <div
      tabIndex={0}
      role="group"
      aria-label={`${props.label}: click a point, or move with the arrow keys and press Enter`}
      data-testid={`${props.testId}-picker`}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={{ cursor: 'crosshair', width: 'fit-content', outlineOffset: 2 }}
    >
      <GreyCanvas image={props.image} label={props.label} size={props.size} testId={props.testId}>
        <g stroke="#ff9f1a" strokeWidth={Math.max(0.5, frame.columns / 256)} fill="none">
          <line x1={picked.column + 0.5} x2={picked.column + 0.5} y1={0} y2={frame.rows} opacity={0.6} />
          <line y1={picked.row + 0.5} y2={picked.row + 0.5} x1={0} x2={frame.columns} opacity={0.6} />
        </g>
        {focused && (
          <rect
            x={cursor.column - 1}
            y={cursor.row - 1}
            width={3}
            height={3}
            fill="none"
            stroke="#4dabf7"
            strokeWidth={Math.max(0.5, frame.columns / 256)}
          />
        )}
      </GreyCanvas>
    </div>
  );
}
