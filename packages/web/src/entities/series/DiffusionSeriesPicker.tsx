/**
 * The series of a DWI scan (issue 23.7) to show in a viewer: the scan itself (its first b-value), each b-value's
 * trace and the ADC map, as the metadata lists them (`diffusionSeries` of a session's reconstructed images or of a
 * kept scan result). Nothing for a scan with one series. A group of radio buttons named by `label`: Tab reaches
 * it, the arrow keys move between the series.
 */
import { SegmentedControl } from '@mantine/core';
import type { DiffusionSeries as ListedSeries } from '@larmor/contracts/sessions';

type DiffusionSeries = Pick<ListedSeries, 'name' | 'bValue'>;

/** Its short label: "b=0", "b=1000 trace", "ADC". */
export function diffusionSeriesLabel(series: DiffusionSeries): string {
  if (series.bValue === null) return 'ADC';
  return series.name === '' ? `b=${series.bValue}` : `b=${series.bValue} trace`;
}

export function DiffusionSeriesPicker(props: {
  series: readonly DiffusionSeries[] | undefined;
  /** The name of the series shown ('' the scan itself). */
  value: string;
  onChange: (name: string) => void;
  /** The group's accessible name; default "Diffusion series". */
  label?: string;
}) {
  if (!props.series || props.series.length < 2) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label={props.label ?? 'Diffusion series'}
      value={props.value}
      onChange={props.onChange}
      data={props.series.map((s) => ({ value: s.name, label: diffusionSeriesLabel(s) }))}
    />
  );
}
