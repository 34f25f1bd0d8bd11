/**
 * The teacher's feedback drawn on the images (issue 14), as a pure reducer: pick a tool (an arrow, or a region
 * traced freehand) and the rubric criterion the drawing belongs to, then press, drag and release on the image.
 * Points are image index coordinates (column, row) of one slice of one submitted scan result, the grade's
 * `annotations` as the contracts define them.
 */
import { ANNOTATIONS_MAX, type AttemptGrade } from '@larmor/contracts/attempts';

export type Annotation = AttemptGrade['annotations'][number];
export type Point = [number, number];
export type DrawingTool = 'look' | 'arrow' | 'roi';

export interface DrawingState {
  tool: DrawingTool;
  criterionId: string;
  /** An optional note written on the next drawing. */
  note: string;
  /** The drawing being dragged out, if any. */
  draft: Annotation | null;
  annotations: Annotation[];
}

export type DrawingAction =
  | { type: 'tool'; tool: DrawingTool }
  | { type: 'criterion'; criterionId: string }
  | { type: 'note'; note: string }
  | { type: 'begin'; scanResultId: string; slice: number; point: Point }
  | { type: 'extend'; point: Point }
  | { type: 'finish' }
  | { type: 'cancel' }
  | { type: 'remove'; index: number };

/** Successive points of a traced region closer than this are one [pixels]. */
export const ROI_MIN_STEP_PX = 1.5;
/** The most points a traced region keeps (the contract allows 200). */
export const ROI_MAX_POINTS = 120;
/** An arrow shorter than this is a click, not a drawing [pixels]. */
export const ARROW_MIN_LENGTH_PX = 2;

export function initialDrawing(annotations: readonly Annotation[], criterionId: string): DrawingState {
  return { tool: 'look', criterionId, note: '', draft: null, annotations: [...annotations] };
}

const distance = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Whether a finished draft is a drawing worth keeping. */
function complete(draft: Annotation): boolean {
  const [first, second] = draft.points;
  if (!first || !second) return false;
  if (draft.kind === 'arrow') return distance(first, second) >= ARROW_MIN_LENGTH_PX;
  // A region begins with its first point twice (press, then the first drag step): three corners or more.
  return draft.points.length >= 4;
}

export function drawingReducer(state: DrawingState, action: DrawingAction): DrawingState {
  switch (action.type) {
    case 'tool':
      return { ...state, tool: action.tool, draft: null };
    case 'criterion':
      return { ...state, criterionId: action.criterionId };
    case 'note':
      return { ...state, note: action.note };
    case 'begin': {
      if (state.tool === 'look' || state.criterionId === '' || state.annotations.length >= ANNOTATIONS_MAX)
        return state;
      const note = state.note.trim();
      return {
        ...state,
        draft: {
          criterionId: state.criterionId,
          scanResultId: action.scanResultId,
          slice: action.slice,
          kind: state.tool,
          points: [action.point, action.point],
          ...(note === '' ? {} : { text: note }),
        },
      };
    }
    case 'extend': {
      const draft = state.draft;
      if (!draft) return state;
      if (draft.kind === 'arrow')
        return { ...state, draft: { ...draft, points: [draft.points[0] ?? action.point, action.point] } };
      const last = draft.points[draft.points.length - 1];
      if ((last && distance(last, action.point) < ROI_MIN_STEP_PX) || draft.points.length >= ROI_MAX_POINTS)
        return state;
      return { ...state, draft: { ...draft, points: [...draft.points, action.point] } };
    }
    case 'finish': {
      const draft = state.draft;
      if (!draft) return state;
      if (!complete(draft)) return { ...state, draft: null };
      const points = draft.kind === 'roi' ? draft.points.slice(1) : draft.points;
      return { ...state, draft: null, note: '', annotations: [...state.annotations, { ...draft, points }] };
    }
    case 'cancel':
      return { ...state, draft: null };
    case 'remove':
      return { ...state, annotations: state.annotations.filter((_, i) => i !== action.index) };
  }
}

/** The drawings (kept ones, then the draft) on slice `slice` of scan result `scanResultId`, with their index. */
export function drawingsOn(
  state: Pick<DrawingState, 'annotations' | 'draft'>,
  scanResultId: string,
  slice: number,
): { annotation: Annotation; index: number | null }[] {
  const kept = state.annotations
    .map((annotation, index) => ({ annotation, index: index as number | null }))
    .filter(({ annotation }) => annotation.scanResultId === scanResultId && annotation.slice === slice);
  const draft = state.draft;
  return draft && draft.scanResultId === scanResultId && draft.slice === slice
    ? [...kept, { annotation: draft, index: null }]
    : kept;
}

/** How far one arrow key moves the keyboard crosshair [pixels]; with Shift, `KEY_STEP_FAST_PX`. */
export const KEY_STEP_PX = 1;
export const KEY_STEP_FAST_PX = 8;

const KEY_DIRECTIONS: Record<string, Point> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Drawing from the keyboard: arrow keys move a crosshair (dragging an arrow's head along when one is being
 * drawn), Enter starts a drawing at the crosshair and Enter again ends it, Space adds a region's corner, Escape
 * cancels. Answers the crosshair after the key and the reducer actions it causes; null for keys it ignores.
 */
export function keyboardDrawing(
  key: string,
  fast: boolean,
  cursor: Point,
  draft: Annotation | null,
  where: { scanResultId: string; slice: number },
): { cursor: Point; actions: DrawingAction[] } | null {
  const direction = KEY_DIRECTIONS[key];
  if (direction) {
    const step = fast ? KEY_STEP_FAST_PX : KEY_STEP_PX;
    const next: Point = [cursor[0] + direction[0] * step, cursor[1] + direction[1] * step];
    return { cursor: next, actions: draft?.kind === 'arrow' ? [{ type: 'extend', point: next }] : [] };
  }
  if (key === 'Enter') {
    if (!draft) return { cursor, actions: [{ type: 'begin', ...where, point: cursor }] };
    return { cursor, actions: [{ type: 'extend', point: cursor }, { type: 'finish' }] };
  }
  if (key === ' ' && draft?.kind === 'roi') return { cursor, actions: [{ type: 'extend', point: cursor }] };
  if (key === 'Escape' && draft) return { cursor, actions: [{ type: 'cancel' }] };
  return null;
}
