/**
 * The stack's handles on one localiser (SVG, viewBox in image pixels): small squares on the edges whose direction
 * lies in the plane (readout or phase: FOV; across the slices: coverage); on the localiser parallel to the stack's
 * orientation, a circle on a stick beyond the top edge that rotates the stack about that orientation's normal,
 * Shift snapping to 5°; on the two localisers perpendicular to it, a diamond on a stick along the slices that
 * tilts the stack about the localiser's normal (an oblique stack), Shift snapping to 1°. Geometry and limits are
 * planning-handles.ts's and planning-tilt.ts's; while an edge is dragged or the stack tilted, the value is written
 * beside it, with the limit it reached. Shown while the stack or the tilt handle is focused or hovered, or a handle
 * is dragged. The tilt handle is a slider for the keyboard too (arrows: 1°); the others are pointer only (the
 * keyboard has the stack's arrows and the Geometry card).
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
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
import { keyboardTilt, tiltByHandle, tiltHandle, type TiltResult } from '../../state/planning-tilt.ts';
import { displayUnit, toDisplay, type UnitPreferences } from '../../state/units.ts';
import { LocaliserLabel } from './LocaliserLabel.tsx';

const HANDLE_COLOUR = '#ffd43b';
const HANDLE_EDGE = '#000000';
/** Handle sizes as fractions of the localiser's shorter side. */
const SQUARE_FRACTION = 0.035;
const KNOB_FRACTION = 0.028;
const STICK_FRACTION = 0.1;
const AXIS_WORDS = { read: 'FOV read', phase: 'FOV phase', slice: 'the number of slices' } as const;
const TILT_WORDS = { tiltAboutRow: 'Tilt about row', tiltAboutColumn: 'Tilt about column' } as const;
const degrees = (radians: number) => Math.round((radians * 1800) / Math.PI) / 10;

type Drag =
  | { kind: 'edge'; handle: EdgeHandle; start: Point; protocol: Protocol }
  | { kind: 'rotate'; start: Point; protocol: Protocol }
  | { kind: 'tilt'; start: Point; protocol: Protocol };

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
  const tilt = tiltHandle(protocol, scout, side * STICK_FRACTION);
  const [tiltFocused, setTiltFocused] = useState(false);
  const [tilting, setTilting] = useState<string | undefined>(undefined);
  const visible = props.active || dragging || tiltFocused;
  /** "Tilt about row −12°": the tilt this localiser shows, with the limit it reached. */
  const tiltText = (result: TiltResult) =>
    tilt
      ? `${TILT_WORDS[tilt.key]} ${degrees(result.geometry[tilt.key] ?? 0)}°${result.limit ? ` (${result.limit})` : ''}`
      : '';
  const onTiltKey = (event: KeyboardEvent<SVGGElement>) => {
    if (props.disabled) return;
    const result = keyboardTilt(protocol.geometry, scout, event.key);
    if (!result) return;
    event.preventDefault();
    event.stopPropagation();
    props.onGeometry(result.geometry);
    setTilting(tiltText(result));
  };

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
    if (current.kind === 'tilt') {
      const result = tiltByHandle(current.protocol.geometry, scout, current.start, at, event.shiftKey);
      props.onGeometry(result.geometry);
      setTilting(tiltText(result));
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
    setTilting(undefined);
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
          <HandleStem handle={rotation} />
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
      {tilt && (
        <g
          data-testid={`tilt-handle-${props.orientation}`}
          role="slider"
          tabIndex={props.disabled ? -1 : 0}
          aria-label={`${TILT_WORDS[tilt.key]} of the slice stack on the ${props.orientation} localiser: drag or press arrows to tilt it`}
          aria-valuemin={-45}
          aria-valuemax={45}
          aria-valuenow={degrees(protocol.geometry[tilt.key] ?? 0)}
          aria-valuetext={`${degrees(protocol.geometry[tilt.key] ?? 0)}°`}
          aria-disabled={props.disabled || undefined}
          style={{ cursor: 'grab', outline: 'none' }}
          onPointerDown={(event) => begin(event, (start) => ({ kind: 'tilt', start, protocol }))}
          onKeyDown={onTiltKey}
          onFocus={() => setTiltFocused(true)}
          onBlur={() => {
            setTiltFocused(false);
            setTilting(undefined);
          }}
          {...pointer}
        >
          <title>Drag to tilt the stack (Shift: 1° steps)</title>
          <HandleStem handle={tilt} />
          <rect
            x={tilt.tip.x - side * KNOB_FRACTION}
            y={tilt.tip.y - side * KNOB_FRACTION}
            width={2 * side * KNOB_FRACTION}
            height={2 * side * KNOB_FRACTION}
            transform={`rotate(45 ${tilt.tip.x} ${tilt.tip.y})`}
            fill={HANDLE_COLOUR}
            stroke={tiltFocused ? '#ffffff' : HANDLE_EDGE}
            strokeWidth={tiltFocused ? 2.5 : 1}
            vectorEffect="non-scaling-stroke"
          />
        </g>
      )}
      {tilting && tilt && (
        <LocaliserLabel
          testId={`tilt-value-${props.orientation}`}
          x={
            tilt.tip.x > scout.columns / 2 ? Math.min(tilt.tip.x, scout.columns - 4) : Math.max(tilt.tip.x, 4)
          }
          anchor={tilt.tip.x > scout.columns / 2 ? 'end' : 'start'}
          y={Math.min(Math.max(tilt.tip.y - side * 0.06, scout.rows * 0.12), scout.rows * 0.95)}
          rows={scout.rows}
        >
          {tilting}
        </LocaliserLabel>
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

/** A handle's stem: the line from where it stands on the stack (`base`) to its knob (`tip`). */
function HandleStem({ handle }: { handle: { base: Point; tip: Point } }) {
  return (
    <line
      x1={handle.base.x}
      y1={handle.base.y}
      x2={handle.tip.x}
      y2={handle.tip.y}
      stroke={HANDLE_COLOUR}
      strokeWidth={1.5}
      vectorEffect="non-scaling-stroke"
    />
  );
}
