/**
 * The ECG strip of the Show ECG display option: one R-R interval of a synthetic ECG (state/ecg.ts) with the
 * default cardiac phase marked, shown for models with a cardiac phase.
 */
import { Box, Text } from '@mantine/core';
import { ecgAt, phaseStart } from '../state/ecg.ts';
import { isEndDiastole } from '../state/patient-settings.ts';

const WIDTH = 400;
const HEIGHT = 80;
const SAMPLES = 400;
/** The ECG values drawn span this range (the R peak is about 30, the S trough about −8). */
const TOP = 32;
const BOTTOM = -10;

const y = (value: number) => HEIGHT - ((value - BOTTOM) / (TOP - BOTTOM)) * HEIGHT;

const TRACE = Array.from({ length: SAMPLES + 1 }, (_, i) => {
  const t = i / SAMPLES;
  return `${(t * WIDTH).toFixed(1)},${y(ecgAt(t % 1)).toFixed(1)}`;
}).join(' ');

export function EcgStrip(props: { phase: number }) {
  const x = phaseStart(props.phase) * WIDTH;
  const label = `Phase ${props.phase}${isEndDiastole(props.phase) ? ', end-diastole' : ''}`;
  return (
    <Box>
      <Text fw={600} size="sm">
        ECG
      </Text>
      <svg
        role="img"
        aria-label={`ECG over one heartbeat, default cardiac phase ${label}`}
        data-testid="ecg-strip"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        style={{ width: '100%', height: 80, background: '#000', borderRadius: 4 }}
      >
        <polyline points={TRACE} fill="none" stroke="#69db7c" strokeWidth={1.5} />
        <line x1={x} x2={x} y1={0} y2={HEIGHT} stroke="#ffd43b" strokeWidth={1.5} />
        <text x={Math.min(x + 4, WIDTH - 110)} y={14} fill="#ffd43b" fontSize={12}>
          {label}
        </text>
      </svg>
    </Box>
  );
}
