/**
 * The stack's handles on one localiser (SVG, viewBox in image pixels): small squares on the edges whose direction
 * lies in the plane (readout or phase: FOV; across the slices: coverage) and, on the localiser parallel to the
 * slices, a circle on a stick beyond the top edge that rotates the stack about its normal (in-plane only; the
 * engine has no oblique tilt), Shift snapping to 5°. Geometry and limits are planning-handles.ts's; while an edge
 * is dragged its value is written beside it, with the limit it reached. Shown while the stack is focused or
 * hovered, or a handle is dragged; pointer only (the keyboard has the arrows and the parameter cards).
 */
import { useRef, useState, type PointerEvent } from 'react';
import type { ParameterDefinition } from '@larmor/mri/sequence';
import type { Protocol, SliceGeometry } from '@larmor/mri';
import {
  edgeHandles,
  resizeStack,
  rotateByHandle,
  rotationHandle,
  type EdgeHandle,
  type ResizeResult,
} from '../../state/planning-handles.ts';
import type { Point, ScoutPlane } from '../../state/planning.ts';
import { displayUnit, toDisplay, type UnitPreferences } from '../../state/units.ts';
import { LocaliserLabel } from './LocaliserLabel.tsx';

const HANDLE_COLOUR = '#ffd43b';
const HANDLE_EDGE = '#000000';
/** Handle sizes as fractions of the localiser's shorter side. */
const SQUARE_FRACTION = 0.035;
const KNOB_FRACTION = 0.028;
const STICK_FRACTION = 0.1;
const AXIS_WORDS = { read: 'FOV read', phase: 'FOV phase', slice: 'the number of slices' } as const;

type Drag =
  | { kind: 'edge'; handle: EdgeHandle; start: Point; protocol: Protocol }
  | { kind: 'rotate'; start: Point; protocol: Protocol };

/** The resize cursor closest to a direction on the image (y down). */
function resizeCursor(direction: Point): string {
  const degrees = ((((Math.atan2(direction.y, direction.x) * 180) / Math.PI) % 180) + 180) % 180;
  if (degrees < 22.5 || degrees >= 157.5) return 'ew-resize';
  if (degrees < 67.5) return 'nwse-resize';
  if (degrees < 112.5) return 'ns-resize';
  return 'nesw-resize';
}

/** "FOV phase 220 mm (maximum)": the dragged value in the user's units. */
function resizeText(
  result: ResizeResult,
  definitions: readonly ParameterDefinition[],
  units: UnitPreferences,
): string {
  const definition = definitions.find((d) => d.key === result.key);
  if (!definition) return '';
  const unit = displayUnit(result.key, definition.unit, units);
  const value = toDisplay(result.value, definition.step, unit);
  const limit = result.limit ? ` (${result.limit})` : '';
  return `${definition.label} ${value}${unit.label ? ` ${unit.label}` : ''}${limit}`;
}

export function StackHandles(props: {
  orientation: string;
  scout: ScoutPlane;
  protocol: Protocol;
  /** The editor's parameter ranges now (read when an edge is dragged). */
  definitions: () => readonly ParameterDefinition[];
  units: UnitPreferences;
  /** The stack is focused or hovered. */
  active: boolean;
  disabled: boolean;
  /** A pointer's position in viewBox units. */
  toViewBox: (event: PointerEvent) => Point | undefined;
  onResize: (result: ResizeResult) => void;
  onGeometry: (geometry: SliceGeometry) => void;
}) {
  const { scout, protocol } = props;
  const drag = useRef<Drag | undefined>(undefined);
  const [resizing, setResizing] = useState<{ at: Point; text: string } | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const side = Math.min(scout.rows, scout.columns);
  const square = side * SQUARE_FRACTION;
  const rotation = rotationHandle(protocol, scout, side * STICK_FRACTION);
  const visible = props.active || dragging;

  const begin = (event: PointerEvent<SVGElement>, make: (start: Point) => Drag) => {
    if (props.disabled || event.button !== 0) return;
    const start = props.toViewBox(event);
    if (!start) return;
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = make(start);
    setDragging(true);
  };
  const move = (event: PointerEvent<SVGElement>) => {
    const current = drag.current;
    const at = current && props.toViewBox(event);
    if (!current || !at) return;
    event.stopPropagation();
    if (current.kind === 'rotate') {
      props.onGeometry(rotateByHandle(current.protocol, scout, current.start, at, event.shiftKey));
      return;
    }
    const dx = at.x - current.start.x;
    const dy = at.y - current.start.y;
    const definitions = props.definitions();
    const result = resizeStack(current.protocol, scout, current.handle, dx, dy, definitions);
    if (!result) return;
    props.onResize(result);
    setResizing({
      at: { x: current.handle.at.x + dx, y: current.handle.at.y + dy },
      text: resizeText(result, definitions, props.units),
    });
  };
  const end = (event: PointerEvent<SVGElement>) => {
    if (!drag.current) return;
    drag.current = undefined;
    setDragging(false);
    setResizing(undefined);
    event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const pointer = { onPointerMove: move, onPointerUp: end, onPointerCancel: end };

  return (
    <g
      data-testid={`stack-handles-${props.orientation}`}
      opacity={visible ? 1 : 0}
      style={{ pointerEvents: props.disabled ? 'none' : undefined }}
    >
      {rotation && (
        <g
          data-testid={`rotation-handle-${props.orientation}`}
          style={{ cursor: 'grab' }}
          onPointerDown={(event) => begin(event, (start) => ({ kind: 'rotate', start, protocol }))}
          {...pointer}
        >
          <title>Drag to rotate the stack in its plane (Shift: 5° steps)</title>
          <line
            x1={rotation.base.x}
            y1={rotation.base.y}
            x2={rotation.tip.x}
            y2={rotation.tip.y}
            stroke={HANDLE_COLOUR}
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
          <circle
            cx={rotation.tip.x}
            cy={rotation.tip.y}
            r={side * KNOB_FRACTION}
            fill={HANDLE_COLOUR}
            stroke={HANDLE_EDGE}
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        </g>
      )}
      {edgeHandles(protocol, scout).map((handle) => (
        <rect
          key={`${handle.axis}${handle.side}`}
          data-testid={`edge-handle-${props.orientation}-${handle.axis}-${handle.side > 0 ? 'plus' : 'minus'}`}
          x={handle.at.x - square / 2}
          y={handle.at.y - square / 2}
          width={square}
          height={square}
          fill={HANDLE_COLOUR}
          stroke={HANDLE_EDGE}
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
          style={{ cursor: resizeCursor(handle.outward) }}
          onPointerDown={(event) => begin(event, (start) => ({ kind: 'edge', handle, start, protocol }))}
          {...pointer}
        >
          <title>{`Drag to change ${AXIS_WORDS[handle.axis]}`}</title>
        </rect>
      ))}
      {resizing && (
        <LocaliserLabel
          testId={`resize-value-${props.orientation}`}
          x={
            resizing.at.x > scout.columns / 2
              ? Math.min(resizing.at.x - square, scout.columns - 4)
              : Math.max(resizing.at.x + square, 4)
          }
          anchor={resizing.at.x > scout.columns / 2 ? 'end' : 'start'}
          y={Math.min(Math.max(resizing.at.y - square, scout.rows * 0.12), scout.rows * 0.95)}
          rows={scout.rows}
        >
          {resizing.text}
        </LocaliserLabel>
      )}
    </g>
  );
}
