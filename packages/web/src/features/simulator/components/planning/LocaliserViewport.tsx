/**
 * One localiser with the selected sequence's slice stack drawn over it in SVG (viewBox in image pixels, STACK.md):
 * Box View draws the stack's outline, Slice View each slice's line; the phase-encoding arrow starts at the stack's
 * centre. The stack is a focusable control: drag its body (pointer capture, screen → image through
 * getScreenCTM().inverse()) or press arrows to move it 1 mm, Shift+arrows to rotate it 5°. Focused or hovered, it
 * shows its edge, rotation and tilt handles (StackHandles; the tilt handle, next in the tab order, takes arrows
 * too); beneath it the fold-over zone is hatched where phase encoding runs in this plane (FoldOverZone).
 */
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, Loader, Text } from '@mantine/core';
import type { ParameterDefinition } from '@larmor/mri/sequence';
import type { Protocol, SliceGeometry } from '@larmor/mri';
import { paintGrey } from '#ui/grey-canvas.ts';
import type { PlanningView } from '#entities/session/display-options.ts';
import { keyboardPlan, moveStack, projectStack, type Point } from '../../state/planning.ts';
import { foldOverZones, type ResizeResult } from '../../state/planning-handles.ts';
import { decodeUint8Base64, tissueAt } from '../../state/planning-scout.ts';
import type { UnitPreferences } from '../../state/units.ts';
import { windowToGrey } from '../../state/window.ts';
import { FoldOverZone } from './FoldOverZone.tsx';
import { StackHandles } from './StackHandles.tsx';
import { useScoutImage, type LocaliserOrientation } from './use-scout-image.ts';
import { LocaliserLabel } from './LocaliserLabel.tsx';

/** Another sequence's stack, drawn dashed where it crosses this localiser. */
export interface OtherStack {
  name: string;
  protocol: Protocol;
}

const STACK_COLOUR = '#ffd43b';
const ARROW_COLOUR = '#4dabf7';
const OTHER_COLOUR = '#63e6be';
const TEXT_COLOUR = '#ffffff';
/** Short plane names written on the viewers. */
const PLANE_TEXT: Record<LocaliserOrientation, string> = { sagittal: 'SAG', coronal: 'COR', axial: 'AX' };
/** One arrow key moves the stack this far [m]. */
const KEY_STEP_M = 0.001;

const TITLES: Record<LocaliserOrientation, string> = {
  sagittal: 'Sagittal localiser',
  coronal: 'Coronal localiser',
  axial: 'Axial localiser',
};

function points(list: readonly Point[]): string {
  return list.map((p) => `${p.x},${p.y}`).join(' ');
}

function LocaliserViewportFigure(props: {
  sessionId: string;
  orientation: LocaliserOrientation;
  protocol: Protocol;
  sequenceName: string;
  view: PlanningView;
  showText: boolean;
  /** Show the tissue under the pointer (Display Options). */
  tissueOnHover: boolean;
  others: readonly OtherStack[];
  isocentreKey: string;
  /** The region picked for the localisers (absent: the session's isocentre). */
  regionId?: number | undefined;
  /** Where the localisers pass, in words: "the isocentre", "the centre of the Pelvis region". */
  through: string;
  /** The editor's parameter ranges now, which the edge handles clamp to (read when dragged). */
  definitions: () => readonly ParameterDefinition[];
  units: UnitPreferences;
  disabled: boolean;
  onGeometry: (geometry: SliceGeometry) => void;
  /** An edge dragged: the FOV or slice count it sets (already clamped to `definitions`). */
  onResize: (result: ResizeResult) => void;
}) {
  const { protocol, orientation, onGeometry } = props;
  const scout = useScoutImage(props.sessionId, orientation, props.isocentreKey, props.regionId);
  const canvas = useRef<HTMLCanvasElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ start: Point; geometry: SliceGeometry } | undefined>(undefined);
  const [focused, setFocused] = useState(false);
  const [stackHover, setStackHover] = useState(false);
  const [hover, setHover] = useState<{ at: Point; name: string } | undefined>(undefined);
  const image = scout.data;

  useEffect(() => {
    const element = canvas.current;
    if (!element || !image) return;
    paintGrey(element, windowToGrey(image.values, image.window), image.columns, image.rows);
  }, [image]);

  const projection = useMemo(() => (image ? projectStack(protocol, image) : undefined), [protocol, image]);
  const foldOver = useMemo(() => (image ? foldOverZones(protocol, image) : []), [protocol, image]);
  const otherOutlines = useMemo(
    () =>
      image
        ? props.others.map((o) => ({ name: o.name, outline: projectStack(o.protocol, image).outline }))
        : [],
    [props.others, image],
  );

  /** A pointer's position in viewBox units. */
  const toImage = (event: PointerEvent): Point | undefined => {
    const matrix = svg.current?.getScreenCTM()?.inverse();
    if (!matrix || !svg.current) return undefined;
    const p = svg.current.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    const q = p.matrixTransform(matrix);
    return { x: q.x, y: q.y };
  };

  // The tissue labels are decoded only once the option is on (they are not needed otherwise).
  const labelValues = useMemo(
    () => (props.tissueOnHover && image ? decodeUint8Base64(image.labels) : undefined),
    [props.tissueOnHover, image],
  );

  /** The tissue under the pointer, while that option is on and no stack is being dragged. */
  const onHover = (event: PointerEvent<SVGSVGElement>) => {
    const at = labelValues && !drag.current ? toImage(event) : undefined;
    const name = at && image && labelValues ? tissueAt({ ...image, labelValues }, at) : undefined;
    setHover(at && name ? { at, name } : undefined);
  };

  const onPointerDown = (event: PointerEvent<SVGGElement>) => {
    if (props.disabled || event.button !== 0) return;
    const start = toImage(event);
    if (!start) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { start, geometry: protocol.geometry };
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<SVGGElement>) => {
    const from = drag.current;
    const at = toImage(event);
    if (!from || !at || !image) return;
    onGeometry(moveStack(from.geometry, image, at.x - from.start.x, at.y - from.start.y));
  };
  const onPointerUp = (event: PointerEvent<SVGGElement>) => {
    if (!drag.current) return;
    drag.current = undefined;
    event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (props.disabled || !image) return;
    const step = KEY_STEP_M / image.pixelSpacing[1];
    const next = keyboardPlan(protocol.geometry, image, event.key, event.shiftKey, step);
    if (!next) return;
    event.preventDefault();
    onGeometry(next);
  };

  const title = TITLES[orientation];
  const arrowLength = image ? Math.min(image.columns, image.rows) * 0.12 : 0;
  return (
    <Box component="figure" m={0}>
      <Text component="figcaption" fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <Box
        pos="relative"
        style={{
          aspectRatio: image ? `${image.columns} / ${image.rows}` : '1 / 1',
          background: '#000',
          borderRadius: 4,
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${title} through ${props.through}, with the slice stack of ${props.sequenceName}`}
          data-testid={`localiser-${orientation}`}
          style={{ width: '100%', height: '100%', display: 'block' }}
        />
        {image && projection && (
          <svg
            ref={svg}
            viewBox={`0 0 ${image.columns} ${image.rows}`}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: 'none' }}
            onPointerMove={onHover}
            onPointerLeave={() => setHover(undefined)}
          >
            <defs>
              <marker
                id={`phase-head-${orientation}`}
                viewBox="0 0 10 10"
                refX="8"
                refY="5"
                markerWidth="5"
                markerHeight="5"
                orient="auto-start-reverse"
              >
                <path d="M 0 0 L 10 5 L 0 10 z" fill={ARROW_COLOUR} />
              </marker>
            </defs>
            <FoldOverZone
              orientation={orientation}
              zones={foldOver}
              side={Math.min(image.columns, image.rows)}
            />
            {otherOutlines.map((o, i) => (
              <polygon
                key={i}
                data-testid={`intersection-${orientation}`}
                points={points(o.outline)}
                fill="none"
                stroke={OTHER_COLOUR}
                strokeWidth={1}
                strokeDasharray="3 3"
                vectorEffect="non-scaling-stroke"
              >
                <title>{o.name}</title>
              </polygon>
            ))}
            {props.showText && (
              <text
                data-testid={`viewer-text-${orientation}`}
                x={6}
                y={image.rows * 0.07}
                fill={TEXT_COLOUR}
                fontSize={image.rows * 0.05}
                aria-hidden
              >
                {PLANE_TEXT[orientation]} · {props.sequenceName}
              </text>
            )}
            {hover && props.tissueOnHover && (
              <LocaliserLabel
                testId={`tissue-hover-${orientation}`}
                x={Math.min(hover.at.x + 6, image.columns * 0.7)}
                y={Math.max(hover.at.y - 6, image.rows * 0.12)}
                rows={image.rows}
              >
                {hover.name}
              </LocaliserLabel>
            )}
            <g onPointerEnter={() => setStackHover(true)} onPointerLeave={() => setStackHover(false)}>
              <g
                role="button"
                tabIndex={props.disabled ? -1 : 0}
                aria-roledescription="slice stack"
                aria-label={`Slice stack of ${props.sequenceName} on the ${orientation} localiser: drag or press arrows to move it, Shift+arrows to rotate it`}
                aria-disabled={props.disabled || undefined}
                data-testid={`stack-${orientation}`}
                style={{ cursor: props.disabled ? 'default' : 'move', outline: 'none' }}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                onKeyDown={onKeyDown}
                onFocus={() => setFocused(true)}
                onBlur={() => setFocused(false)}
              >
                <polygon
                  points={points(projection.outline)}
                  fill={STACK_COLOUR}
                  fillOpacity={focused ? 0.22 : 0.1}
                  stroke={STACK_COLOUR}
                  strokeWidth={focused ? 2.5 : 1.2}
                  strokeDasharray={focused ? '4 2' : undefined}
                  vectorEffect="non-scaling-stroke"
                />
                {props.view === 'slice' &&
                  projection.sliceLines.map(([a, b], i) => (
                    <line
                      key={i}
                      x1={a.x}
                      y1={a.y}
                      x2={b.x}
                      y2={b.y}
                      stroke={STACK_COLOUR}
                      strokeWidth={1}
                      vectorEffect="non-scaling-stroke"
                    />
                  ))}
                {projection.phaseArrow && (
                  <line
                    data-testid={`phase-arrow-${orientation}`}
                    x1={projection.center.x}
                    y1={projection.center.y}
                    x2={projection.center.x + projection.phaseArrow.x * arrowLength}
                    y2={projection.center.y + projection.phaseArrow.y * arrowLength}
                    stroke={ARROW_COLOUR}
                    strokeWidth={2}
                    vectorEffect="non-scaling-stroke"
                    markerEnd={`url(#phase-head-${orientation})`}
                  />
                )}
              </g>
              <StackHandles
                orientation={orientation}
                scout={image}
                protocol={protocol}
                definitions={props.definitions}
                units={props.units}
                active={focused || stackHover}
                disabled={props.disabled}
                toViewBox={toImage}
                onResize={props.onResize}
                onGeometry={onGeometry}
              />
            </g>
          </svg>
        )}
        {scout.isPending && (
          <Loader pos="absolute" top="45%" left="45%" aria-label={`Loading the ${title}`} />
        )}
        {scout.isError && (
          <Text c="red.4" size="sm" p="xs" pos="absolute" top={0}>
            The {orientation} localiser could not be loaded.
          </Text>
        )}
      </Box>
    </Box>
  );
}

/**
 * Memoised (issue 20, "Speed"): drawn again only when what it shows changes; its parent passes the protocol of the
 * last planning change (use-planning-protocol.ts) and stable handlers.
 */
export const LocaliserViewport = memo(LocaliserViewportFigure);
