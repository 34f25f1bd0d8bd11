/**
 * The acquisition animation: k-space filling line by line in the order the protocol reads it (@larmor/mri
 * `phaseEncodingOrder`), with play/pause, a speed and a position control, and beside it the image the lines
 * acquired so far give (inverse FFT of the partly filled k-space in the worker, under the full image's window).
 */
import { useEffect, useMemo, useReducer } from 'react';
import { Button, Group, Select, Slider, Stack, Text, Title } from '@mantine/core';
import type { DisplayWindow } from '@larmor/mri/recon';
import type { PhaseEncodingOrder } from '@larmor/mri/sequence';
import { GreyCanvas } from './GreyCanvas.tsx';
import type { ReconClient } from '../recon/recon-client.ts';
import { useReconImage } from '../recon/use-recon.ts';
import { acquiredMask, imageAspect, kAt, type KSpaceFrame } from '../state/kspace.ts';
import { imageGrey } from '../state/kspace-display.ts';
import {
  ANIMATION_SPEEDS,
  animationReducer,
  filledLines,
  initialAnimation,
  orderingDescription,
  type AnimationSpeed,
} from '../state/kspace-animation.ts';

const MS_PER_S = 1000;
/** Size of the read-direction arrowhead as a fraction of the read samples. */
const ARROW_FRACTION = 0.06;

/** An arrowhead at the end of line `line` where the readout ends: right, or left for a reversed (EPI) line. */
function readArrow(frame: KSpaceFrame, line: number, reversed: boolean): string {
  const size = ARROW_FRACTION * frame.columns;
  const tip = reversed ? 0 : frame.columns;
  const base = reversed ? size : frame.columns - size;
  const y = line + 0.5;
  return `${tip},${y} ${base},${y - size / 2} ${base},${y + size / 2}`;
}

export function AcquisitionPanel(props: {
  frame: KSpaceFrame;
  recon: ReconClient;
  /** The whole k-space's display (log magnitude or phase) on 0–255. */
  kGrey: Uint8Array;
  order: PhaseEncodingOrder;
  /** The whole image's window (null until it is reconstructed). */
  window: DisplayWindow | null;
  size: number;
}) {
  const { frame, kGrey, order } = props;
  const total = order.lines.length;
  const [state, dispatch] = useReducer(animationReducer, total, initialAnimation);
  useEffect(() => dispatch({ type: 'reset', total }), [order, total]);

  useEffect(() => {
    if (!state.playing) return;
    let last = performance.now();
    let id = requestAnimationFrame(function step(now) {
      dispatch({ type: 'tick', seconds: (now - last) / MS_PER_S });
      last = now;
      id = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(id);
  }, [state.playing]);

  const filled = Math.min(filledLines(state), total);
  const mask = useMemo(() => acquiredMask(frame, order.lines, filled), [frame, order, filled]);
  const shownK = useMemo(() => kGrey.map((g, i) => (mask[i] === 1 ? g : 0)), [kGrey, mask]);
  const values = useReconImage(props.recon, 'acquisition', mask);
  const image = useMemo(
    () =>
      values && props.window ? imageGrey(values, props.window) : new Uint8Array(frame.rows * frame.columns),
    [values, props.window, frame],
  );
  const current = filled > 0 ? order.lines[filled - 1] : undefined;
  const ky = current ? kAt(frame, current.line, frame.columns / 2).ky : 0;

  return (
    <Stack component="section" aria-labelledby="kspace-acquisition" gap="xs">
      <Title order={2} size="h4" id="kspace-acquisition">
        Acquisition
      </Title>
      <Text size="sm" maw={720} data-testid="kspace-ordering">
        {orderingDescription(order, frame.rows)}
      </Text>
      <Group gap="md" align="flex-end">
        <Button
          size="xs"
          onClick={() => dispatch({ type: state.playing ? 'pause' : 'play' })}
          aria-label={state.playing ? 'Pause the acquisition' : 'Play the acquisition'}
        >
          {state.playing ? 'Pause' : 'Play'}
        </Button>
        <Select
          size="xs"
          label="Speed"
          w={140}
          allowDeselect={false}
          value={String(state.linesPerSecond)}
          data={ANIMATION_SPEEDS.map((s) => ({ value: String(s), label: `${s} lines/s` }))}
          onChange={(v) => v && dispatch({ type: 'speed', linesPerSecond: Number(v) as AnimationSpeed })}
        />
        <Stack gap={2} w={260}>
          <Text size="xs" id="kspace-position-label">
            Lines acquired
          </Text>
          <Slider
            min={0}
            max={total}
            value={filled}
            onChange={(v) => dispatch({ type: 'seek', lines: v })}
            thumbLabel="Lines acquired"
            aria-labelledby="kspace-position-label"
            label={null}
          />
        </Stack>
      </Group>
      <Text size="sm" data-testid="kspace-progress" data-filled={filled}>
        {current
          ? `Line ${filled} of ${total}: ky = ${ky.toFixed(1)} 1/m, shot ${current.shot + 1}, echo ${current.echo + 1}` +
            (current.reversed ? ', read right to left' : '')
          : `No lines yet: ${total} to acquire`}
      </Text>
      <Group gap="md" align="flex-start">
        <GreyCanvas
          image={{ grey: shownK, width: frame.columns, height: frame.rows }}
          label={`K-space after ${filled} of ${total} lines`}
          size={props.size}
          testId="kspace-acquired"
        >
          {current && (
            <g fill="#ff9f1a" stroke="#ff9f1a" strokeWidth={Math.max(0.5, frame.rows / 256)}>
              <line x1={0} x2={frame.columns} y1={current.line + 0.5} y2={current.line + 0.5} />
              <polygon points={readArrow(frame, current.line, current.reversed)} />
            </g>
          )}
        </GreyCanvas>
        <GreyCanvas
          image={{ grey: image, width: frame.columns, height: frame.rows }}
          label={`Image from the first ${filled} lines`}
          size={props.size}
          testId="kspace-acquired-image"
          aspect={imageAspect(frame)}
        />
      </Group>
    </Stack>
  );
}
