/**
 * The fold-over zone on one localiser (planning-handles.ts `foldOverZones`): hatched, semi-transparent strips
 * beyond the unaliased phase extent, each with a title saying what it means, so colour is not the only signal.
 */
import type { Point } from '../../state/planning.ts';

const HATCH_COLOUR = '#ff8787';
/** Hatch spacing as a fraction of the localiser's shorter side. */
const HATCH_FRACTION = 0.025;
export const FOLD_OVER_TITLE = 'Fold-over zone: anatomy here wraps into the image along the phase direction';

export function FoldOverZone(props: {
  orientation: string;
  zones: readonly (readonly Point[])[];
  /** The localiser's shorter side [viewBox units]. */
  side: number;
}) {
  if (props.zones.length === 0) return null;
  const id = `fold-over-hatch-${props.orientation}`;
  const spacing = props.side * HATCH_FRACTION;
  return (
    <g data-testid={`fold-over-${props.orientation}`}>
      <defs>
        <pattern
          id={id}
          width={spacing}
          height={spacing}
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width={spacing} height={spacing} fill={HATCH_COLOUR} fillOpacity={0.12} />
          <line
            x1={0}
            y1={0}
            x2={0}
            y2={spacing}
            stroke={HATCH_COLOUR}
            strokeWidth={spacing * 0.35}
            strokeOpacity={0.6}
          />
        </pattern>
      </defs>
      {props.zones.map((zone, i) => (
        <polygon
          key={i}
          points={zone.map((p) => `${p.x},${p.y}`).join(' ')}
          fill={`url(#${id})`}
          stroke={HATCH_COLOUR}
          strokeOpacity={0.7}
          strokeWidth={1}
          strokeDasharray="2 3"
          vectorEffect="non-scaling-stroke"
        >
          <title>{FOLD_OVER_TITLE}</title>
        </polygon>
      ))}
    </g>
  );
}
