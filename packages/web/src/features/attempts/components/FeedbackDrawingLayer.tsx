/**
 * Feedback drawings over the shared viewer's image (an SVG in CSS pixels of the image area, placed through the
 * viewer's overlay mapping so they follow zoom and pan): arrows and traced regions, each named by its rubric
 * criterion. With a drawing tool active the layer takes the pointer: press, drag, release.
 */
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ViewerOverlayView } from '#ui/viewer/index.ts';
import {
  keyboardDrawing,
  type Annotation,
  type DrawingAction,
  type DrawingTool,
  type Point,
} from './drawing.ts';

/** The drawings' colour: a saturated yellow that reads on grey-scale images. */
const INK = '#ffd43b';
const HEAD_LENGTH_PX = 12;
/** Half the keyboard crosshair's size [CSS pixels]. */
const CROSSHAIR_PX = 8;

const KEYBOARD_HELP =
  'Drawing area: arrow keys move the crosshair (Shift: faster), Enter starts and ends a drawing, Space adds a ' +
  'corner of a region, Escape cancels.';

export interface FeedbackDrawingLayerProps {
  view: ViewerOverlayView;
  scanResultId: string;
  drawings: readonly { annotation: Annotation; index: number | null }[];
  criterionTitle: (id: string) => string;
  /** Given when the teacher draws; absent on the student's page. */
  tool?: DrawingTool;
  dispatch?: (action: DrawingAction) => void;
}

export function drawingLabel(annotation: Annotation, criterionTitle: string): string {
  const kind = annotation.kind === 'arrow' ? 'Arrow' : 'Region';
  return `${kind} on ${criterionTitle}${annotation.text ? `: ${annotation.text}` : ''}`;
}

function arrowHead(from: Point, to: Point): string {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const side = (delta: number): string =>
    `${to[0] - HEAD_LENGTH_PX * Math.cos(angle + delta)},${to[1] - HEAD_LENGTH_PX * Math.sin(angle + delta)}`;
  return `${side(Math.PI / 7)} ${to[0]},${to[1]} ${side(-Math.PI / 7)}`;
}

export function FeedbackDrawingLayer(props: FeedbackDrawingLayerProps) {
  const { view, dispatch, tool = 'look' } = props;
  const drawing = dispatch !== undefined && tool !== 'look';
  const [cursor, setCursor] = useState<Point | null>(null);
  const draft = props.drawings.find((d) => d.index === null)?.annotation ?? null;
  const local = (event: PointerEvent<SVGSVGElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return view.toImage([event.clientX - box.left, event.clientY - box.top]);
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>): void => {
    if (!drawing || !cursor) return;
    const where = { scanResultId: props.scanResultId, slice: view.sliceIndex };
    const step = keyboardDrawing(event.key, event.shiftKey, cursor, draft, where);
    if (!step) return;
    event.preventDefault();
    setCursor(step.cursor);
    for (const action of step.actions) dispatch(action);
  };
  const crosshair = drawing && cursor ? view.toScreen(cursor) : null;
  return (
    <svg
      style={{ pointerEvents: drawing ? 'auto' : 'none', cursor: drawing ? 'crosshair' : undefined }}
      data-testid="feedback-drawings"
      data-drawing={drawing ? 'true' : 'false'}
      aria-hidden={!drawing && props.drawings.length === 0 ? true : undefined}
      {...(drawing ? { tabIndex: 0, role: 'application', 'aria-label': KEYBOARD_HELP } : {})}
      onFocus={(event) => {
        if (!drawing || cursor) return;
        const box = event.currentTarget.getBoundingClientRect();
        setCursor(view.toImage([box.width / 2, box.height / 2]));
      }}
      onBlur={() => setCursor(null)}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (!drawing || event.button !== 0) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        dispatch({
          type: 'begin',
          scanResultId: props.scanResultId,
          slice: view.sliceIndex,
          point: local(event),
        });
      }}
      onPointerMove={(event) => {
        if (drawing && event.currentTarget.hasPointerCapture(event.pointerId))
          dispatch({ type: 'extend', point: local(event) });
      }}
      onPointerUp={(event) => {
        if (!drawing) return;
        event.currentTarget.releasePointerCapture(event.pointerId);
        dispatch({ type: 'finish' });
      }}
      onPointerCancel={() => dispatch?.({ type: 'cancel' })}
    >
      {props.drawings.map(({ annotation, index }) => {
        const screen = annotation.points.map((p) => view.toScreen(p));
        const label = drawingLabel(annotation, props.criterionTitle(annotation.criterionId));
        const [from, to] = screen;
        return (
          <g
            key={index ?? 'draft'}
            role="img"
            aria-label={label}
            data-drawing-kind={annotation.kind}
            stroke={INK}
            strokeWidth={2}
            fill="none"
            strokeLinejoin="round"
          >
            <title>{label}</title>
            {annotation.kind === 'arrow' && from && to ? (
              <>
                <line x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} />
                <polyline points={arrowHead(from, to)} />
              </>
            ) : (
              <polygon points={screen.map((p) => p.join(',')).join(' ')} fill={INK} fillOpacity={0.12} />
            )}
          </g>
        );
      })}
      {crosshair && (
        <g stroke={INK} strokeWidth={1.5} aria-hidden="true" data-testid="drawing-crosshair">
          <line
            x1={crosshair[0] - CROSSHAIR_PX}
            y1={crosshair[1]}
            x2={crosshair[0] + CROSSHAIR_PX}
            y2={crosshair[1]}
          />
          <line
            x1={crosshair[0]}
            y1={crosshair[1] - CROSSHAIR_PX}
            x2={crosshair[0]}
            y2={crosshair[1] + CROSSHAIR_PX}
          />
        </g>
      )}
    </svg>
  );
}
